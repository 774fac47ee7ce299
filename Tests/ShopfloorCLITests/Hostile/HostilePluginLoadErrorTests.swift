import Foundation
import ShopfloorTestSupport
import Testing

/// A plugin file that fails while it loads — raises, calls `shopfloor.plugin` with something that is not a
/// plugin, or does not compile — is reported like any bad input: one line naming `file:line` and the value
/// at fault, no Lua traceback, exit 1, files untouched. `shopfloor plugins` still lists the good plugins
/// (stdout), then names each broken file on its own `error:` line (stderr); `run`, `check` and `experiment`
/// stop at the broken file.
@Suite("Hostile: a plugin file that fails to load is one line")
struct HostilePluginLoadErrorTests {
    static let good = """
        shopfloor.plugin {
          kind = "teller_policy", name = "good",
          description = "A good one",
          build = function(params, counter) counter:policy "fifo" end,
        }
        """

    /// Broken plugin files and the one line each must give.
    static let broken: [(String, String, String)] = [
        ("worse.lua", "error(\"at load\")\n", "plugins/worse.lua:1: at load"),
        ("deep.lua", "local function f()\n  error(\"deep\")\nend\nf()\n", "plugins/deep.lua:2: deep"),
        ("object.lua", "\nerror({ reason = 1 })\n", "plugins/object.lua:2: (error object is a table value)"),
        ("nontable.lua", "shopfloor.plugin(42)\n", "plugins/nontable.lua:1: bad argument #1 to 'plugin' (table expected, got number)"),
        ("kind.lua", "shopfloor.plugin { kind = \"teller_polcy\", name = \"x\", build = function() end }\n",
         "plugins/kind.lua:1: shopfloor.plugin: unknown kind 'teller_polcy' (kinds: customer_generator, teller_policy, service_time, recipe_book, stock_rule, board_rule; did you mean 'teller_policy'?)"),
        ("misspelt.lua", "shopfloor.plugin {\n  kind = \"teller_policy\", name = \"y\",\n  descripton = \"d\", build = function() end,\n}\n",
         "plugins/misspelt.lua:1: shopfloor.plugin: unknown key 'descripton' (accepted: build, description, kind, name, params; did you mean 'description'?)"),
        ("build.lua", "shopfloor.plugin { kind = \"teller_policy\", name = \"z\", build = 42 }\n",
         "plugins/build.lua:1: shopfloor.plugin 'z': 'build' must be a function(params, …)"),
        ("syntax.lua", "x = = 1\n", "plugins/syntax.lua:1: unexpected symbol near '='"),
    ]

    static let scenario = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }
        shopfloor.use("teller_policy", "good", c)
        c:arrive { task = "a" }

        """

    /// A folder with the scenario, an experiment on it, the good plugin and `broken` in `plugins/`;
    /// `XDG_CONFIG_HOME` points inside it so no user plugin joins in.
    static func folder(with broken: [(String, String, String)]) -> TemporaryFolder {
        let folder = try! TemporaryFolder()
        folder.write("s.lua", scenario)
        folder.write("x.lua", """
            return shopfloor.experiment {
              scenario = "s.lua", replications = 2,
              use = { teller_policy = { "good" } },
              measure = { "classes.*.mean_wait" },
            }
            """)
        folder.write("plugins/good.lua", good)
        for (name, text, _) in broken { folder.write("plugins/" + name, text) }
        return folder
    }

    static func run(_ arguments: [String], in folder: TemporaryFolder) throws -> Shell.Result {
        try Shell.run(arguments, in: folder.url, environment: ["XDG_CONFIG_HOME": folder.path("config")])
    }

    @Test("shopfloor plugins lists the good plugins, then names every broken file on one line each")
    func pluginsListsTheGoodAndNamesTheBroken() throws {
        let folder = Self.folder(with: Self.broken)
        let before = try FolderState(folder)
        for format in ["text", "json"] {
            let r = try Self.run(["plugins", "--plugins", "plugins", "--format", format], in: folder)
            #expect(r.status == 1, "\(r.stderr)")
            let expected = Self.broken.sorted { $0.0 < $1.0 }.map { "error: \($0.2)\n" }.joined()
            #expect(r.stderr == expected)
            #expect(r.stdout.contains("good"), "\(r.stdout)")
            #expect(r.stdout.contains("A good one"), "\(r.stdout)")
            #expect(!r.stdout.contains("error"))
        }
        #expect(try FolderState(folder) == before)
    }

    @Test("run, check and experiment stop at a broken plugin file with its one line", arguments: broken)
    func commandsStopWithOneLine(name: String, text: String, message: String) throws {
        let folder = Self.folder(with: [(name, text, message)])
        let before = try FolderState(folder)
        for command in [["run", "s.lua"], ["check", "s.lua"], ["experiment", "x.lua"]] {
            let r = try Self.run(command + ["--plugins", "plugins"], in: folder)
            #expect(r.status == 1, "\(command): \(r.stderr)")
            #expect(r.stderr == "error: \(message)\n", "\(command)")
            #expect(r.stdout == "", "\(command)")
        }
        #expect(try FolderState(folder) == before)
    }

    /// Every plugin file broken: the listing said "no plugins installed" above the errors, as if the folder were
    /// empty; now it says none loaded and why.
    @Test("shopfloor plugins with every file broken says none loaded, not none installed")
    func everyFileBroken_saysNoneLoaded() throws {
        let folder = try TemporaryFolder()
        folder.write("plugins/worse.lua", "error(\"at load\")\n")
        folder.write("plugins/object.lua", "\nerror({ reason = 1 })\n")
        let r = try Self.run(["plugins", "--plugins", "plugins"], in: folder)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "no plugins loaded (2 files failed to load: named below)\n", "\(r.stdout)")
        #expect(r.stderr == "error: plugins/object.lua:2: (error object is a table value)\nerror: plugins/worse.lua:1: at load\n", "\(r.stderr)")
        let empty = try TemporaryFolder()
        empty.write("plugins/README", "no Lua here\n")
        #expect(try Self.run(["plugins", "--plugins", "plugins"], in: empty).stdout == "no plugins installed\n")
    }

    @Test("without a broken file the same commands succeed")
    func goodPluginsWork() throws {
        let folder = Self.folder(with: [])
        let r = try Self.run(["plugins", "--plugins", "plugins"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        for command in [["run", "s.lua"], ["experiment", "x.lua"]] {
            let r = try Self.run(command + ["--plugins", "plugins"], in: folder)
            #expect(r.status == 0, "\(command): \(r.stderr)")
        }
    }
}
