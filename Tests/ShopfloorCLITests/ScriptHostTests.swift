import Foundation
import Testing
import Synchronization
import LuaKit
import ShopfloorBoard
@testable import ShopfloorScripting

/// Issue #15: a script host — one Lua state with parameters, plugins and I/O, nothing of counters — used
/// alone by the board's rules and `shopfloor plugins`, and one per thread.
@Suite("The script host")
struct ScriptHostTests {
    static let pluginFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/plugins").path

    @Test func test_aHostAlone_registersPlugins_andHasNoCounter() throws {
        let host = try ScriptHost(seed: 3)
        host.installModule()
        try host.loadPlugins(from: [Self.pluginFolder])
        #expect(host.plugins.plugins.contains { $0.qualifiedName == "teller_policy/fifo" })
        let module = try host.lua.evaluate("return shopfloor.counter, shopfloor.stock, shopfloor.seed, type(shopfloor.params)",
                                           chunkName: "=test")
        #expect(module == [.nil, .nil, .integer(3), .string("function")])
    }

    @Test func test_aBoardRule_runsInAHostWithoutAWorld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("host-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rules = folder.appendingPathComponent("rules.lua").path
        try """
            shopfloor.plugin { kind = "board_rule", name = "look", params = { limit = 2 },
              build = function(params)
                local sees = tostring(shopfloor.counter) .. "," .. tostring(shopfloor.stock)
                return function(change, board) return sees end
              end }
            """.write(toFile: rules, atomically: true, encoding: .utf8)
        let rule = try BoardRuleHost(name: "look", files: [rules], pluginFolders: [], parameters: [:])
        #expect(rule.host.parameters.table["limit"] == .integer(2))
        let verdict = try rule.check(ProposedChange(kind: .remove, current: nil, proposed: nil), on: BoardView(counts: [:]))
        #expect(verdict == .refuse("nil,nil"))
    }

    @Test func test_oneHostPerThread_loadsTheSamePluginsOnEach() throws {
        let counts = Mutex([Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            let host = try? ScriptHost()
            host?.installModule()
            try? host?.loadPlugins(from: [Self.pluginFolder])
            counts.withLock { $0.append(host?.plugins.plugins.count ?? -1) }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.count == 4)
        #expect(Set(seen).count == 1 && seen[0] > 0)
    }
}
