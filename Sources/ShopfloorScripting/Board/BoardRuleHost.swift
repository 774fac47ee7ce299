import Foundation
import LuaKit
import ShopfloorBoard
import ShopfloorText

/// A board rule written in Lua: a `board_rule` plugin, built once, called before each add, edit,
/// move and remove.
///
/// ```lua
/// shopfloor.plugin {
///   kind = "board_rule", name = "wip_limit",
///   params = { max_doing = { default = 3, min = 1 } },
///   build = function(params)
///     return function(change, board)
///       if change.to == "doing" and change.from ~= "doing" and board.counts.doing >= params.max_doing then
///         return ("at most %d tasks in DOING"):format(params.max_doing)   -- refuse
///       end
///     end                                                               -- nil: allow
///   end,
/// }
/// ```
///
/// The function receives `change` (`kind`, `task` — the proposed fields, nil for a removal —,
/// `current` — the task before, nil for an add —, `from`, `to`) and `board` (`counts`, `total`,
/// `today`). It returns nil or true to allow, a string to refuse with that message, false to
/// refuse without one, or a table of fields (`title`, `body`, `due`, `state`) to change before
/// the change is written.
///
/// Errors are one line naming `file:line`, without a traceback: a board command reports bad input on
/// one line (docs/board.md), and the rule is called from the host, so its traceback would only
/// repeat that line. An error raised in the rule names where it was raised (or, for a time budget or an
/// error object, the rule's line the traceback shows); a bad answer names where the rule function is
/// defined and quotes the answer. To see the whole traceback, build the rule in a scenario
/// (`shopfloor.use("board_rule", NAME)`, as `scripts/kanban.lua` does): `shopfloor run` prints it.
public final class BoardRuleHost: BoardRule {
    /// The Lua state the rule lives in, with its parameters and plugins (no counter, no simulation).
    public let host: ScriptHost
    /// The plugin that built the rule.
    public let plugin: Plugin
    private let function: LuaReference
    /// `file:line` where the rule function is defined (where its answers come from), else the
    /// plugin's own line: bad answers are reported there.
    private let definition: String

    /// The plugin's name, for messages about what the rule did (`board rule 'keep_title' reverted …`).
    public var name: String? { plugin.name }

    /// Builds the rule chosen by `--use board_rule=NAME` (`choices`), else by the config's
    /// `rule`; `nil` when none is chosen (or the choice is `none`), so no Lua starts.
    ///
    /// Plugin files: the rules file (`rulesFile`, else the config's `rules`, else
    /// `scripts/board_rules.lua`, else `~/.config/shopfloor/board_rules.lua`, else the installed
    /// `PREFIX/share/shopfloor/board_rules.lua`, the first that exists), then the plugin folders (`scripts/plugins/`, `~/.config/shopfloor/plugins/`,
    /// `pluginFolders`). Parameters come from the config's `[params]`, overridden by `settings`.
    public static func make(
        choices: [String], settings: [String], rulesFile: String?, pluginFolders: [String], config: BoardConfig,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> BoardRuleHost? {
        let overrides = try PluginRegistry.parseOverrides(choices)
        guard let name = overrides[.boardRule] ?? config.rule, name != "none" else {
            // Options that only a rule reads would otherwise be dropped without a word: a rules file
            // named on the command line (even one that does not exist) must not seem to be in force.
            let unused = (settings.isEmpty ? [] : ["--set"]) + (rulesFile == nil ? [] : ["--rules"])
                + (pluginFolders.isEmpty ? [] : ["--plugins"])
            if let first = unused.first {
                throw ScriptingError.badParameter("\(first) needs a board rule: choose one with --use board_rule=NAME or rule = \"NAME\" in \(config.path)")
            }
            return nil
        }
        var parameters = config.parameters
        for (key, value) in try ParameterSet.parseOverrides(settings) { parameters[key] = value }
        var files: [String] = []
        if let file = rulesFile ?? config.rulesPath {
            guard FileManager.default.fileExists(atPath: file) else {
                throw ScriptingError.invalidScenario("cannot open \(file): no such file")
            }
            files.append(file)
        } else if let found = defaultRulesFiles(environment: environment).first(where: FileManager.default.fileExists(atPath:)) {
            files.append(found)
        }
        let folders = PluginRegistry.folders(forScenario: nil, extra: pluginFolders)
        return try BoardRuleHost(name: name, files: files, pluginFolders: folders, parameters: parameters,
                                 chosenIn: overrides[.boardRule] == nil ? config.path : nil)
    }

    /// What `shopfloor.board.*` raises inside a board rule.
    public static let moduleRefusal = "shopfloor.board cannot be used in a board rule: the rule is given the change and "
        + "the board's counts, and changes the task by returning a table of fields (docs/board.md)"

    /// Where the rules file is looked for when neither `--rules` nor the config names one.
    public static func defaultRulesFiles(environment: [String: String]) -> [String] {
        var files = ["scripts/board_rules.lua"]
        if let config = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map({ $0 + "/.config" }) {
            files.append(config + "/shopfloor/board_rules.lua")
        }
        if let installed = InstalledData.boardRules { files.append(installed) }
        return files
    }

    /// Loads `files` and the plugins in `pluginFolders` into a fresh sandboxed script host, and builds
    /// the `board_rule` plugin `name` with `parameters` (text, as `--set` gives them).
    ///
    /// `chosenIn` is the config file when the rule was chosen there (`rule = "NAME"`), so a rule the
    /// files do not define is blamed on that line, not on a `--use` the user never typed.
    public init(name: String, files: [String], pluginFolders: [String], parameters: [String: String],
                options: LuaState.Options = LuaState.Options(timeBudget: 5, exitWhenStuck: true),
                chosenIn configPath: String? = nil) throws {
        let parameterSet = ParameterSet(overrides: parameters)
        let host = try ScriptHost(options: options, parameters: parameterSet,
                                  plugins: PluginRegistry(overrides: [.boardRule: name]))
        self.host = host
        host.installModule()
        // A rule runs inside the change's write transaction, for the board it was chosen for. The
        // module would open another board (the default one, not `--db`'s), or this one a second
        // time and wait on its own transaction's lock: rules decide through what they return.
        BoardModule.install(in: host, unavailable: Self.moduleRefusal)
        try Self.oneLine {
            for file in files { try host.loadPluginFile(file) }
            try host.loadPlugins(from: pluginFolders)
        }
        let installed = host.plugins.sorted.filter { $0.kind == .boardRule }.map(\.name)
        if let configPath, !installed.contains(name) {
            throw ScriptingError.unknownPlugin("\(configPath): rule = \"\(name)\": no such plugin "
                + UnknownName.choices(for: name, among: installed, label: "installed board_rule plugins"))
        }
        plugin = try host.plugins.resolve(.boardRule, default: name)
        host.chosenPlugins[.boardRule] = plugin.name
        var values = LuaTable()
        for parameter in plugin.parameters {
            values.entries[.string(parameter.name)] = try parameterSet.declare(parameter)
        }
        try parameterSet.finish()
        let lua = host.lua
        let base = lua.stack.top
        host.plugins.build(of: plugin).push()
        lua.stack.push(LuaValue.table(values))
        try Self.oneLine { try lua.protectedCall(arguments: 1, results: 1) }
        guard lua.stack.isFunction(at: -1) else {
            let got = lua.stack.typeName(at: -1)
            lua.stack.setTop(base)
            throw ScriptingError.invalidScenario(
                "\(plugin.file):\(plugin.line): board_rule '\(plugin.name)': build must return a function(change, board) (got \(got))")
        }
        let rule = LuaReference(popping: lua)
        rule.push()
        definition = lua.stack.popDefinition() ?? "\(plugin.file):\(plugin.line)"
        function = rule
    }

    /// Runs `body`, reporting a Lua error from it on one line (see the type's overview).
    private static func oneLine<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaError {
            throw LuaError(kind: error.kind, message: error.located)
        }
    }

    public func check(_ change: ProposedChange, on board: BoardView) throws -> RuleVerdict {
        var changeTable = LuaTable()
        changeTable.entries[.string("kind")] = .string(change.kind.rawValue)
        if let proposed = change.proposed {
            changeTable.entries[.string("task")] = BoardLuaValues.fields(proposed)
            changeTable.entries[.string("to")] = .string(proposed.state.rawValue)
        }
        if let current = change.current {
            changeTable.entries[.string("current")] = BoardLuaValues.task(current)
            changeTable.entries[.string("from")] = .string(current.state.rawValue)
        }
        var boardTable = LuaTable()
        boardTable.entries[.string("counts")] = BoardLuaValues.counts(board.counts)
        boardTable.entries[.string("total")] = .integer(board.total)
        boardTable.entries[.string("today")] = .string(DueDate.today().description)

        let results: [LuaValue]
        do {
            results = try function.call([.table(changeTable), .table(boardTable)])
        } catch let error as LuaError {
            throw BoardError.ruleFailed(error.located)
        }
        let where_ = "\(definition): board_rule '\(plugin.name)'"
        switch results.first ?? .nil {
        case .nil, .boolean(true):
            return .allow
        case .boolean(false):
            return .refuse("refused by board rule '\(plugin.name)'")
        case .string(let message):
            return .refuse(message)
        case .table(let table):
            guard let proposed = change.proposed else {
                throw BoardError.ruleFailed("\(where_) returned fields for a removal; return nil or a message")
            }
            let fields: TaskFields
            do {
                fields = try BoardLuaValues.apply(table, to: proposed, what: where_)
            } catch let error as LuaRaise {
                throw BoardError.ruleFailed(error.message)   // names the place already
            } catch {
                throw BoardError.ruleFailed("\(where_): \(error)")
            }
            do {
                // Checked here too (the board checks again), so the error names the rule's place.
                if fields.title != proposed.title { try VisibleTitle.check(fields.title) }
                return .allowModified(try fields.validated())
            } catch {
                throw BoardError.ruleFailed("\(where_) returned an invalid task: \(error)")
            }
        case let other:
            throw BoardError.ruleFailed(
                "\(where_) must return nil, true, false, a message or a table of fields (got \(OptionTable.show(other)))")
        }
    }
}
