import Foundation
import LuaKit
import ShopfloorBoard
import ShopfloorScripting
import Testing

/// The `shopfloor.board` Lua module.
@Suite("shopfloor.board in Lua")
struct BoardModuleTests {
    func world(board: Board? = nil, environment: [String: String] = [:]) throws -> World {
        let world = try World()
        let board = try board ?? Board.inMemory()
        BoardModule.install(in: world, board: board, environment: environment)
        return world
    }

    func eval(_ world: World, _ code: String) throws -> [LuaValue] {
        try world.lua.evaluate(code, chunkName: "=test")
    }

    @Test func test_add_move_list_fromLua() throws {
        let world = try world()
        let values = try eval(world, """
            local board = shopfloor.board
            local t = board.add("Write report", { due = "2026-12-01", body = "Q2" })
            board.add { title = "Call Ada" }
            board.move(t.id, "doing")
            local list = board.list()
            return t.id, #list.todo, list.doing[1].title, list.doing[1].due, list.doing[1].state, board.counts().doing
            """)
        #expect(values == [.integer(1), .integer(1), .string("Write report"), .string("2026-12-01"), .string("doing"), .integer(1)])
    }

    /// `due = "none"` is no deadline, as `board add --due none` and `board edit --due none` take it (one rule:
    /// DueDate.parseClearable). Changed: Lua refused it as a bad date.
    @Test func test_dueNone_isNoDeadline_asOnTheCommandLine() throws {
        let world = try world()
        let values = try eval(world, """
            local board = shopfloor.board
            local a = board.add("A", { due = "none" })
            local b = board.add { title = "B", due = "NONE" }
            local c = board.add("C", { due = "2026-12-01" })
            local edited = board.edit(c.id, { due = "none" })
            return a.due, b.due, edited.due, select(2, pcall(board.add, "D", { due = "nope" }))
            """)
        #expect(values == [.nil, .nil, .nil, .string("due must be a date YYYY-MM-DD (got \"nope\")")])
    }

    @Test func test_edit_remove_history_undo_redo_fromLua() throws {
        let world = try world()
        let values = try eval(world, """
            local board = shopfloor.board
            local t = board.add("Draft", { due = "2026-12-01" })
            board.edit(t.id, { title = "Report", due = false })
            board.remove(t.id)
            local undid = board.undo()
            local redid = board.redo()
            local h = board.history()
            return #h, h[1].message, h[2].message, h[3].message, undid, redid, h[#h].kind
            """)
        #expect(values == [
            .integer(5), .string("Added 'Draft'."), .string("Edited 'Draft': title 'Draft' → 'Report', due 2026-12-01 → none."),
            .string("Removed 'Report' from TODO."), .string("Undid: Removed 'Report' from TODO."),
            .string("Redid: Removed 'Report' from TODO."), .string("redo"),
        ])
    }

    @Test func test_errors_areLuaErrors_atTheCallersLine_catchableWithPcall() throws {
        let world = try world()
        let values = try eval(world, """
            local ok1, e1 = pcall(shopfloor.board.show, 42)
            local ok2, e2 = pcall(shopfloor.board.add, "X", { due = "someday" })
            local ok3, e3 = pcall(shopfloor.board.move, 1, "later")
            local ok4, e4 = pcall(shopfloor.board.add, { body = "no title" })
            return ok1, e1, e2, e3, e4
            """)
        #expect(values[0] == .boolean(false))
        #expect(values[1].stringValue?.hasSuffix("no task with id 42") == true)
        #expect(values[2].stringValue?.hasSuffix("due must be a date YYYY-MM-DD (got \"someday\")") == true)
        #expect(values[3].stringValue?.hasSuffix("state must be one of todo, doing, done (got \"later\")") == true)
        #expect(values[4].stringValue?.contains("bad argument #1") == true)
        #expect(throws: LuaError.self) { try eval(world, "\n\nshopfloor.board.show(7)") }
        do {
            _ = try eval(world, "\n\nshopfloor.board.show(7)")
        } catch let error as LuaError {
            #expect(error.message == "test:3: no task with id 7")
        }
    }

    @Test func test_theDatabaseOpensOnFirstUse_fromSHOPFLOOR_BOARD_DB() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/lua.sqlite"
        let world = try World()
        BoardModule.install(in: world, environment: ["SHOPFLOOR_BOARD_DB": path])
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = try eval(world, "shopfloor.board.add('From Lua')")
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try Board(path: path).list().todo.map(\.title) == ["From Lua"])
    }

    @Test func test_scenariosAndTheREPL_haveShopfloorBoard_endToEnd() throws {
        let folder = try TemporaryFolder()
        let environment = ["SHOPFLOOR_BOARD_DB": folder.path + "/e2e.sqlite"]
        let scenario = folder.path + "/plan.lua"
        try """
        local t = shopfloor.board.add("Count the till", { due = "2026-12-01" })
        shopfloor.board.move(t.id, "doing")
        print(#shopfloor.board.list().doing)
        """.write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try Shell.run(["run", scenario], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "1\n")

        let repl = try Shell.run(["repl"], stdin: "print(shopfloor.board.list().doing[1].title)\n", environment: environment)
        #expect(repl.status == 0, "\(repl.stderr)")
        #expect(repl.stdout.contains("Count the till"))

        let list = try Shell.run(["board", "list"], environment: environment)
        #expect(list.stdout.contains("Count the till"))
    }

    @Test func test_plugins_listsTheBoardRules_fromBoardRulesLua() throws {
        let r = try Shell.run(["plugins", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? Int == 1)
        let rules = try #require(object["board_rule"] as? [String: Any])
        #expect(Set(rules.keys).isSuperset(of: ["standard", "wip_limit", "done_needs_body", "default_due"]))
    }
}
