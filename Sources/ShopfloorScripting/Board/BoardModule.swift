import Foundation
import LuaKit
import ShopfloorBoard

/// The `shopfloor.board` Lua module: the project board from scenarios and the REPL.
///
/// ```lua
/// local board = shopfloor.board
/// local t = board.add("Write report", { due = "2026-12-01", body = "Q2 figures" })
/// board.move(t.id, "doing")
/// for _, task in ipairs(board.list().doing) do print(task.id, task.title) end
/// print(board.history(1)[1].message)       --> Moved 'Write report' from TODO to DOING.
/// ```
///
/// The database opens on first use: the `board` given to ``install(in:board:path:)``, else the
/// `path`, else `SHOPFLOOR_BOARD_DB`, else the user data folder (as `shopfloor board` does). Every
/// function is documented in `docs/lua-api.md` (## shopfloor.board). Errors (an unknown id, a bad
/// date, a rule's refusal) are Lua errors at the caller's line, catchable with `pcall`.
public enum BoardModule {
    /// Adds `shopfloor.board` to `world`'s `shopfloor` table.
    ///
    /// - Parameters:
    ///   - board: a board to use; when nil, one is opened at the first call.
    ///   - path: the database to open when `board` is nil (default: `SHOPFLOOR_BOARD_DB`, else the
    ///     user data folder).
    ///   - unavailable: when set, every function raises this message instead of opening a board
    ///     (inside a board rule, see ``BoardRuleHost``).
    public static func install(in world: World, board: Board? = nil, path: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               unavailable: String? = nil) {
        install(in: world.host, board: board, path: path, environment: environment, unavailable: unavailable)
    }

    /// Adds `shopfloor.board` to `host`'s `shopfloor` table (made if there is none); see the other form.
    public static func install(in host: ScriptHost, board: Board? = nil, path: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment,
                               unavailable: String? = nil) {
        let handle = LazyBoard(board: board, path: path, environment: environment, refusal: unavailable)
        let lua = host.lua
        let stack = lua.stack
        if lua.getGlobal("shopfloor") != .table {
            stack.pop()
            stack.pushTable()
            stack.pushCopy(of: -1)
            lua.setGlobal("shopfloor")
        }
        let module = stack.top
        stack.pushTable(record: 12)
        let table = stack.top
        lua.setFunction("list", in: table, takes: 0) { call in
            let listing = try handle.open().list()
            var out = LuaTable()
            for state in TaskState.allCases {
                var column = LuaTable()
                for (index, task) in listing[state].enumerated() {
                    column.entries[.integer(index + 1)] = BoardLuaValues.task(task)
                }
                out.entries[.string(state.rawValue)] = .table(column)
            }
            return call.returning(LuaValue.table(out))
        }
        lua.setFunction("counts", in: table, takes: 0) { call in
            call.returning(BoardLuaValues.counts(try handle.open().counts()))
        }
        lua.setFunction("show", in: table, takes: 1) { call in
            call.returning(BoardLuaValues.task(try handle.open().show(try call.int(1))))
        }
        lua.setFunction("add", in: table, takes: 2) { call in
            var fields: TaskFields
            if call.stack.isTable(at: 1) {
                let spec = try call.table(1)
                guard let title = spec["title"]?.stringValue else {
                    throw LuaArgumentError(1, "a table with a string 'title' expected")
                }
                // board.add { title = … } takes everything in its table: a second argument is a slip.
                if !call.isNil(2) { throw LuaArgumentError(2, "no argument expected after a table, got \(call.stack.argumentTypeName(at: 2))") }
                var rest = spec
                rest.entries[.string("title")] = nil
                fields = try atCallersLine { try BoardLuaValues.apply(rest, to: TaskFields(title: title), what: "add") }
            } else {
                fields = TaskFields(title: try call.string(1))
                if !call.isNil(2) {
                    let spec = try call.table(2), base = fields
                    fields = try atCallersLine { try BoardLuaValues.apply(spec, to: base, what: "add") }
                }
            }
            return call.returning(BoardLuaValues.task(try handle.open().add(fields)))
        }
        lua.setFunction("edit", in: table, takes: 2) { call in
            let id = try call.int(1)
            let spec = try call.table(2)
            if spec["state"] != nil {
                throw ScriptingError.invalidScenario("edit: 'state' is not edited; use board.move(id, state)")
            }
            _ = try OptionTable(spec, context: "edit", accepted: ["title", "body", "due"], reporter: .throwing())
            var edit = TaskEdit()
            for (key, value) in spec.sortedEntries {
                switch key.description {
                case "title":
                    guard let text = value.stringValue else { throw LuaArgumentError(2, "'title' must be a string") }
                    edit.title = text
                case "body":
                    guard let text = value.stringValue else { throw LuaArgumentError(2, "'body' must be a string") }
                    edit.body = text
                case "due":
                    if value == .boolean(false) {
                        edit.due = .clear
                    } else if let text = value.stringValue {
                        // "none" clears, as `board edit --due none` does (DueDate.parseClearable).
                        edit.due = try DueDate.parseClearable(text).map { .set($0) } ?? .clear
                    } else {
                        throw LuaArgumentError(2, "'due' must be a date string YYYY-MM-DD, \"none\" or false")
                    }
                default:
                    break  // refused above
                }
            }
            return call.returning(BoardLuaValues.task(try handle.open().edit(id, edit)))
        }
        lua.setFunction("move", in: table, takes: 2) { call in
            let id = try call.int(1)
            let state = try TaskState(parsing: try call.name(2))
            return call.returning(BoardLuaValues.task(try handle.open().move(id, to: state)))
        }
        lua.setFunction("remove", in: table, takes: 1) { call in
            call.returning(BoardLuaValues.task(try handle.open().remove(try call.int(1))))
        }
        lua.setFunction("history", in: table, takes: 1) { call in
            let limit = try call.optionalInt(1)
            var out = LuaTable()
            for (index, entry) in try handle.open().history(limit: limit).enumerated() {
                out.entries[.integer(index + 1)] = BoardLuaValues.history(entry)
            }
            return call.returning(LuaValue.table(out))
        }
        lua.setFunction("undo", in: table, takes: 0) { call in
            call.returning(try handle.open().undo().message)
        }
        lua.setFunction("redo", in: table, takes: 0) { call in
            call.returning(try handle.open().redo().message)
        }
        stack.setField("board", in: module)
        stack.pop()
    }

    /// Runs `body` (``BoardLuaValues/apply(_:to:what:)``) for a `shopfloor.board` function: its messages are
    /// `LuaRaise`s, raised as they are, because a rule's answer names its own place; a script's call is
    /// named at the caller's line instead (`s.lua:3: add: unknown key 'bogus' …`).
    private static func atCallersLine<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LuaRaise {
            throw ScriptingError.invalidScenario(error.message)
        }
    }
}

/// The board a module opens on first use and keeps for the world's lifetime.
final class LazyBoard {
    private var board: Board?
    private let path: String?
    private let environment: [String: String]
    /// Why this world may not use the board at all (raised by every function), or nil.
    private let refusal: String?

    init(board: Board?, path: String?, environment: [String: String], refusal: String? = nil) {
        self.board = board
        self.path = path
        self.environment = environment
        self.refusal = refusal
    }

    func open() throws -> Board {
        if let refusal { throw BoardUnavailable(description: refusal) }
        if let board { return board }
        let opened = try Board(path: try BoardLocation.resolve(option: path, environment: environment))
        board = opened
        return opened
    }
}

/// Raised by every `shopfloor.board` function where the board may not be used; not a `LuaRaise`,
/// so the message starts with the caller's `file:line`.
struct BoardUnavailable: Error, CustomStringConvertible {
    let description: String
}
