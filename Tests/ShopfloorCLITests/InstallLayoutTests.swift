import Foundation
import Testing

/// An installed `shopfloor` (scripts/install, the Debian package) finds what it ships under
/// `PREFIX/share/shopfloor/` from any folder, and its completions offer what users type.
@Suite struct InstallLayoutTests {
    /// `PREFIX/bin/shopfloor` (a copy of the built binary) with `PREFIX/share/shopfloor` laid out by
    /// scripts/install-share, the very step scripts/install and the Debian package run; `PREFIX/elsewhere` is a
    /// folder with nothing in it.
    final class Prefix {
        let temporary: TemporaryFolder
        var root: String { temporary.path }
        var binary: URL { URL(fileURLWithPath: root + "/bin/shopfloor") }
        var elsewhere: URL { URL(fileURLWithPath: root + "/elsewhere") }

        init() throws {
            temporary = try TemporaryFolder()
            let files = FileManager.default
            for folder in ["bin", "elsewhere/home"] {
                try files.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try files.copyItem(atPath: Shell.executable.path, toPath: binary.path)
            let layout = try Shell.capture(URL(fileURLWithPath: Shell.repository.path + "/scripts/install-share"), [root + "/share/shopfloor"])
            #expect(layout.status == 0, "scripts/install-share: \(layout.stderr)")
        }

        func run(_ arguments: [String], binary: URL? = nil) throws -> Shell.Result {
            try Shell.capture(binary ?? self.binary, arguments, in: elsewhere,
                              environment: ["HOME": root + "/elsewhere/home", "XDG_CONFIG_HOME": root + "/elsewhere/home/.config", "NO_COLOR": "1"])
        }
    }

    @Test func test_installedBinary_findsItsPluginsAndBoardRules_fromAnotherFolder() throws {
        let prefix = try Prefix()
        let plugins = try prefix.run(["plugins"])
        #expect(plugins.status == 0, "\(plugins.stderr)")
        #expect(plugins.stdout.contains("cross_training"), "\(plugins.stdout)")
        #expect(plugins.stdout.contains("standard"), "\(plugins.stdout)")
        #expect(plugins.stdout.contains("from \(prefix.root)/share/shopfloor/plugins/"), "\(plugins.stdout)")
        let add = try prefix.run(["board", "add", "from elsewhere", "--db", "b.sqlite", "--use", "board_rule=standard"])
        #expect(add.status == 0, "\(add.stderr)")
        let bank = try prefix.run(["run", prefix.root + "/share/shopfloor/examples/bank.lua", "--set", "lang=ko"])
        #expect(bank.status == 0, "\(bank.stderr)")
        #expect(bank.stdout.contains("처리 "), "\(bank.stdout)")   // the Korean summary (lang=ko)
        let open = try prefix.run(["run", prefix.root + "/share/shopfloor/examples/bank_open.lua", "--set", "customers=200",
                                   "--use", "teller_policy=cross_training"])
        #expect(open.status == 0, "\(open.stderr)")
    }

    /// The README's `shopfloor experiment experiments/tellers.lua`, from the installed layout: the shipped
    /// experiment finds the shipped scenario and plugins from another folder, plans, and runs (a few small cells).
    @Test func test_installedExperiment_plansAndRuns_fromAnotherFolder() throws {
        let prefix = try Prefix()
        let experiment = prefix.root + "/share/shopfloor/experiments/tellers.lua"
        let plan = try prefix.run(["experiment", experiment, "--plan"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("scenario ../examples/bank_open.lua, base seed 1"), "\(plan.stdout)")
        #expect(plan.stdout.contains("16 groups × 20 replications = 320 cells"), "\(plan.stdout)")
        let run = try prefix.run(["experiment", experiment, "--replications", "2", "--set", "customers=100", "--jobs", "2", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(#""classes.loan.mean_wait":{"#), "\(run.stdout.prefix(300))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.elsewhere.path) == ["home"])
    }

    /// The commands in a shipped experiment's header hold for the copy they are read in, in the sources and
    /// installed: each, with `EXP` standing for the file's own path, plans from a folder that is neither (a
    /// header naming `experiments/tellers.lua` was true only from the sources' root).
    @Test func test_experimentHeaderCommands_holdInTheSourcesAndInstalled() throws {
        let prefix = try Prefix()
        for file in [Shell.repository.path + "/experiments/tellers.lua", prefix.root + "/share/shopfloor/experiments/tellers.lua"] {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let commands = text.split(separator: "\n").filter { $0.hasPrefix("--   shopfloor experiment ") }
            #expect(commands.count == 3, "\(file)")
            for command in commands {
                let words = command.dropFirst("--   shopfloor ".count).split(separator: "#")[0].split(separator: " ").map(String.init)
                let arguments = words.map { $0 == "EXP" ? file : $0 } + (words.contains("--plan") ? [] : ["--plan"])
                let r = try prefix.run(arguments)
                #expect(r.status == 0, "\(file): \(command): \(r.stderr)")
                #expect(r.stdout.contains("320 cells"), "\(file): \(command)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix.elsewhere.path) == ["home"])
    }

    /// Every shipped experiment names a shipped scenario; one that names a scenario the layout lacks is refused.
    @Test func test_installShare_refusesAnExperimentWhoseScenarioIsNotShipped() throws {
        let folder = try TemporaryFolder()
        let files = FileManager.default
        try files.createDirectory(atPath: folder.path("src/scripts"), withIntermediateDirectories: true)
        for item in ["scripts/install-share", "scripts/plugins", "scripts/messages", "scripts/board_rules.lua", "scripts/bank_open.lua"] {
            try files.copyItem(atPath: Shell.repository.path + "/" + item, toPath: folder.path("src/" + item))
        }
        folder.write("src/experiments/lost.lua", "return shopfloor.experiment { scenario = \"../scripts/juice.lua\", measure = \"x\" }\n")
        let r = try Shell.capture(URL(fileURLWithPath: folder.path("src/scripts/install-share")), [folder.path("share")])
        #expect(r.status == 1)
        #expect(r.stderr == "install-share: experiments/lost.lua: its scenario '../examples/juice.lua' is not shipped (from \(folder.path("share"))/experiments/)\n", "\(r.stderr)")
    }

    @Test func test_installedBinary_reachedThroughASymlink_findsItsData() throws {
        let prefix = try Prefix()
        let link = URL(fileURLWithPath: prefix.root + "/elsewhere/shopfloor")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: prefix.binary.path)
        let plugins = try prefix.run(["plugins", "--format", "json"], binary: link)
        #expect(plugins.status == 0, "\(plugins.stderr)")
        #expect(plugins.stdout.contains(#""cross_training":{"#))
    }

    @Test func test_buildFolderBinary_seesNoInstalledData() throws {
        // In the build folder there is no share/shopfloor beside bin: only the current folder counts.
        let folder = try TemporaryFolder()
        let r = try Shell.run(["plugins"], in: URL(fileURLWithPath: folder.path),
                              environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/.config"])
        #expect(r.status == 0)
        #expect(r.stdout == "no plugins installed\n")
    }

    /// scripts/manual turns the binary's own help into roff: every command and option is there.
    @Test func test_manualPage_listsEveryCommandAndOption() throws {
        let r = try Shell.capture(URL(fileURLWithPath: Shell.repository.path + "/scripts/manual"), [Shell.executable.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(".TH SHOPFLOOR 1 "))
        for section in ["run", "repl", "check", "plugins", "eval", "board add", "board sync"] {
            #expect(r.stdout.contains("\n.SS \(section)\n"), "\(section)")
        }
        for option in [#"\fB\-\-trace\fR \fIpath\fR"#, #"\fB\-\-use\fR \fIkind=name\fR"#, #"\fB\-\-db\fR \fIpath\fR"#] {
            #expect(r.stdout.contains(option), "\(option)")
        }
    }

    /// The shell asks the binary for `--use` and `--set` candidates (swift-argument-parser's custom
    /// completion protocol, as the generated scripts call it).
    @Test func test_completions_offerPluginPairs_parameterNames_andLuaFiles() throws {
        let uses = try Shell.run(["---completion", "run", "--", "--use", "4", "0", "shopfloor", "run", "scripts/bank_open.lua", "--use", ""],
                                 environment: ["SAP_SHELL": "bash"])
        #expect(uses.stdout.split(separator: "\n").contains("teller_policy=cross_training"), "\(uses.stdout)\(uses.stderr)")
        let sets = try Shell.run(["---completion", "run", "--", "--set", "4", "2", "shopfloor", "run", "scripts/bank_open.lua", "--set", "cu"],
                                 environment: ["SAP_SHELL": "bash"])
        #expect(sets.stdout.split(separator: "\n") == ["customers="], "\(sets.stdout)\(sets.stderr)")
        let bash = try Shell.run(["--generate-completion-script", "bash"])
        #expect(bash.stdout.contains("'!*.@(lua)'"))
        for shell in ["zsh", "fish"] {
            let script = try Shell.run(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("---completion"), "\(shell)")
        }
    }
}
