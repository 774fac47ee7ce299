import Foundation
import Testing
import LuaKit
@testable import ShopfloorScripting

/// Issue #15: the scripting layer holds no hand-managed registry slot. Every Lua value it keeps (hooks, rules,
/// plugin builds, cached names and tables) is an owning ``LuaReference``: released when the last holder (a
/// binding, a snapshot, a hook call) lets go, so a rollback needs no deferred releases and a reload no
/// list of slots to free. And because Lua never holds a Swift object that owns references, a world that
/// goes away closes its Lua state.
@Suite("Owning references")
struct OwnedReferenceTests {
    static let sources = FenceTests.sources

    /// `stack.reference()` / `release(reference:)` outside LuaKit: a registry slot someone must free by hand.
    @Test func test_noSwiftFileOutsideLuaKitTakesOrReleasesARegistrySlotByHand() throws {
        let root = Self.sources.standardizedFileURL.path
        let walker = try #require(FileManager.default.enumerator(atPath: root))
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("LuaKit/") else { continue }
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(".reference()") || line.contains("release(reference:") {
                found.append("Sources/\(relative):\(n + 1)")
            }
        }
        #expect(found.isEmpty, "hold a LuaReference instead:\n\(found.joined(separator: "\n"))")
    }

    static let bank = """
        bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = 1 }
        bank:tellers { skill = "deposit", count = 1 }
        bank:on("finish", function(c) end)
        stock = shopfloor.stock "shop"
        stock:item { name = "kiwi", count = 3 }
        stock:rule(function(fruit, count, pending) end)
        shopfloor.view(function(v) end)
        """

    @Test func test_aReplacedPolicyIsReleased_onceNoSnapshotHoldsIt() throws {
        let world = try World()
        _ = try world.lua.evaluate(Self.bank + "\nbank:policy(function(teller, lines) end)", chunkName: "=test")
        weak let first = world.hooks.policy
        #expect(first != nil)
        try world.transaction { _ in
            _ = try world.lua.evaluate("bank:policy(function(teller, lines) return nil end)", chunkName: "=test")
            // The transaction's snapshot still holds the first policy, to put it back on a rollback.
            #expect(first != nil)
        }
        #expect(first == nil, "the replaced policy's reference outlived every holder")
    }

    @Test func test_aRolledBackReplacement_putsBackTheSameFunction_andReleasesTheNewOne() throws {
        let world = try World()
        _ = try world.lua.evaluate(Self.bank + "\nbank:policy(function(teller, lines) end)", chunkName: "=test")
        let first = try #require(world.hooks.policy)
        weak var second: LuaReference?
        #expect(throws: (any Error).self) {
            try world.transaction { _ in
                _ = try world.lua.evaluate("bank:policy(function(teller, lines) return nil end)", chunkName: "=test")
                second = world.hooks.policy
                throw ScriptingError.invalidScenario("boom")
            }
        }
        #expect(world.hooks.policy === first)
        #expect(second == nil)
    }

    @Test func test_aWorldThatGoesAway_closesItsLuaState() throws {
        weak var lua: LuaState?
        weak var stock: StockBinding?
        do {
            let world = try World()
            _ = try world.lua.evaluate(Self.bank + "\nbank:policy(function(teller, lines) return lines.deposit end)", chunkName: "=test")
            _ = try world.lua.evaluate("bank:arrive 'deposit'; bank:run()", chunkName: "=test")
            lua = world.lua
            stock = world.stock
        }
        #expect(stock == nil, "the stock binding outlived its world")
        #expect(lua == nil, "something the world made holds its Lua state: a reference cycle")
    }

    @Test func test_aRolledBackViewChange_putsBackTheViewAndKeys_andReleasesTheNewOnes() throws {
        let world = try World()
        _ = try world.lua.evaluate(Self.bank + "\nshopfloor.key('a', 'add', function() end)", chunkName: "=test")
        let view = try #require(world.view.function)
        weak var newView: LuaReference?
        #expect(throws: (any Error).self) {
            try world.transaction { _ in
                _ = try world.lua.evaluate("shopfloor.view(function(v) end); shopfloor.key('b', 'more', function() end)", chunkName: "=test")
                newView = world.view.function
                throw ScriptingError.invalidScenario("boom")
            }
        }
        #expect(world.view.function === view)
        #expect(world.viewKeys.map(\.key) == ["a"])
        #expect(newView == nil)
    }
}
