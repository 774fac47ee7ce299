import Testing
import ShopfloorCore
@testable import ShopfloorScripting

/// The scripting side of "snapshots that cannot forget" (#15): every stored property of a ``World`` is either
/// taken by `WorldSnapshot` (Transaction/WorldSnapshot.swift; restored on rollback) or excluded here with the
/// reason. A property added to `World` in neither place fails this test by name. (The core's own guard is
/// ShopfloorCoreTests/SnapshotCoverageTests.swift.)
@Suite("World snapshot coverage")
struct WorldSnapshotCoverageTests {
    /// `World` properties a `WorldSnapshot` field restores, where the names differ.
    static let restoredAs: [String: String] = [
        "core": "simulation",            // the core's whole `Simulation.Snapshot`
        "pluginOverrides": "plugins",    // `plugins.overrides`
        "generators": "streams",         // the named streams' positions
        "stock": "stockBinding",         // the stock binding's own state (rules, hooks, makers)
    ]

    /// Stored properties of `World` a `WorldSnapshot` deliberately does not take, and why.
    static let excluded: [String: String] = [
        "host": "its own stored properties are checked below (`hostExcluded`)",
        "eventSinks": "what the host attached (trace files, live views): a line written stays written",
        "tables": "caches of Lua values describing tasks and tellers, trimmed by `trimCaches()` after a restore",
        "customerHandle": "describes only the event being delivered (empty between events); its task names are trimmed by `trimCaches()`",
        "counters": "the counter objects, made once per station; `trimCaches()` forgets those of stations a rollback took away",
        "assembly": "`.reloading` only while a reload re-runs the scripts (World+Reload.swift), `.building` again after",
        "eventsPerInstantOption": "what the host attached (the command's option, named in a zero-time loop's hint)",
    ]

    /// Stored properties of the world's `ScriptHost` a `WorldSnapshot` deliberately does not take, and why.
    static let hostExcluded: [String: String] = [
        "lua": "the Lua state itself is not rolled back: a failed chunk keeps its globals, as in lua.c",
        "parameters": "immutable (`let`): the command line's --set values",
        "seed": "immutable (`let`)",
        "scenario": "the scenario file, set once when it loads",
        "warning": "what the host attached (standard error or the CLI's sink)",
        "$__lazy_storage_$_input": "what the host attached (`input`)",
        "loadingPluginFile": "set only while a plugin file loads",
        "commandLineError": "set only while a scenario loads",
        "boardRulesLoaded": "says the board's rules file is in the plugin registry, which a rollback keeps as it is (like the Lua state)",
    ]

    @Test("every stored property of the world's ScriptHost is in WorldSnapshot or excluded with a reason")
    func everyStoredPropertyOfTheHostIsCovered() throws {
        let world = try World()
        let stored = Mirror(reflecting: world.host).children.compactMap(\.label)
        let snapshotted = Mirror(reflecting: WorldSnapshot(world)).children.compactMap(\.label)
        let covered = Set(snapshotted.map { Self.restoredAs[$0] ?? $0 })
        for name in stored where !covered.contains(name) && Self.hostExcluded[name] == nil {
            Issue.record("ScriptHost.\(name) is a stored property that WorldSnapshot does not take: a rollback would keep its value. Add it to WorldSnapshot and World.restore, or to WorldSnapshotCoverageTests.hostExcluded with the reason")
        }
        for name in Set(Self.hostExcluded.keys).subtracting(stored) {
            Issue.record("WorldSnapshotCoverageTests.hostExcluded lists '\(name)', which ScriptHost no longer stores")
        }
    }

    @Test("every stored property of World is in WorldSnapshot or excluded with a reason")
    func everyStoredPropertyIsCovered() throws {
        let world = try World()
        let stored = Mirror(reflecting: world).children.compactMap(\.label)
        let snapshotted = Mirror(reflecting: WorldSnapshot(world)).children.compactMap(\.label)
        let covered = Set(snapshotted.map { Self.restoredAs[$0] ?? $0 })
        for name in stored where !covered.contains(name) && Self.excluded[name] == nil {
            Issue.record("World.\(name) is a stored property that WorldSnapshot (Transaction/WorldSnapshot.swift) does not take: a rollback would keep its value. Add it to WorldSnapshot and World.restore, or to WorldSnapshotCoverageTests.excluded with the reason")
        }
        for name in Set(Self.excluded.keys).subtracting(stored) {
            Issue.record("WorldSnapshotCoverageTests.excluded lists '\(name)', which World no longer stores")
        }
        for name in covered.intersection(Self.excluded.keys) {
            Issue.record("World.\(name) is both in WorldSnapshot and excluded")
        }
    }
}
