import Testing
@testable import ShopfloorCore

/// Snapshots that cannot forget: every stored property of a ``Simulation`` is either taken by
/// ``Simulation/snapshot()`` (restored on rollback; class-held buffers by contents, listed in
/// ``Simulation/buffers``) or excluded here with the reason. A property added later in neither place fails these tests by name.
@Suite("Snapshot coverage")
struct SnapshotCoverageTests {
    /// Stored properties of `Simulation` a snapshot deliberately does not take, and why.
    static let excluded: [String: String] = [
        "seed": "immutable (`let`)",
        "hookOrigin": "set once by the scripting layer when it builds the world: names a hook's file:line, holds no run state",
        "streams": "immutable (`let`); every stream in use is copied inside the groups",
        "serviceRule": "derived: set by the didSets of `makers` and `tellerPolicy` (restored with them)",
        "observesCustomers": "derived: set by `observers`' didSet",
        "watchesEvents": "derived: set by `observers`' didSet",
        "afterEventWork": "derived: set by `observers`' didSet (restored after the network) and when journeys start",
        "policyOwnSkillOnly": "derived: set by `tellerPolicyScope`'s didSet",
        "ownSkillOnly": "derived: set by `builtinTellerRule`'s didSet",
        "servesDirectlyFlag": "derived: set by the hooks' and observers' didSets",
        "drawsThroughHook": "derived: set with `servesDirectlyFlag` by the didSets of `serviceTime` and `recipes`",
        "decisionDepth": "a restore is refused unless it is 0",
        "isRunning": "a restore is refused while it is true",
        "busyDepth": "a restore is refused unless it is 0",
        "reportingEnd": "true only while the end observer runs (set and reset around it by endRun), so false whenever a snapshot is taken between events",
        "limits": "configuration of the caller's run (the CLI's --until, a wall-clock limit), not state",
        "checksInvariantsAfterEachEvent": "configuration (debug checks)",
        "progressInstant": "the progress guard's transient count, restarted when the clock moves",
        "eventsAtInstant": "the progress guard's transient count",
        "progressTick": "the progress guard's transient count",
    ]

    /// Labels of the stored properties of `sim` that hold a class instance (or an optional one).
    func classHeld(_ sim: Simulation) -> [(label: String, object: ObjectIdentifier)] {
        Mirror(reflecting: sim).children.compactMap { child in
            var value = child.value
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional, let wrapped = mirror.children.first?.value { value = wrapped }
            guard let label = child.label, Mirror(reflecting: value).displayStyle == .class else { return nil }
            return (label, ObjectIdentifier(value as AnyObject))
        }
    }

    @Test("every stored property of Simulation is in the snapshot, a copied buffer, or excluded with a reason")
    func everyStoredPropertyIsCovered() throws {
        let (sim, _) = try SnapshotTests().counter(seed: 2)
        try sim.serveRecipes([:])  // `makers` holds a class instance too: it is in the snapshot, by reference
        let stored = Mirror(reflecting: sim).children.compactMap(\.label)
        let listed = Set(Simulation.buffers.map { ObjectIdentifier($0.object(sim)) })
        let buffers = Set(classHeld(sim).filter { listed.contains($0.object) }.map(\.label))
        let snapshotted = Set(Mirror(reflecting: sim.snapshot()).children.compactMap(\.label)).subtracting(["owner", "buffers"])
        let covered = snapshotted.union(buffers)
        for name in stored where !covered.contains(name) && Self.excluded[name] == nil {
            Issue.record("Simulation.\(name) is a stored property that Simulation.Snapshot (Simulation+Snapshot.swift) does not take: a rollback would keep its value. Put it in a state group, the snapshot or (a class-held buffer) Simulation.buffers, or add it to SnapshotCoverageTests.excluded with the reason")
        }
        for name in snapshotted.subtracting(stored) {
            Issue.record("Simulation.Snapshot.\(name) names no stored property of Simulation (renamed?)")
        }
        for name in Set(Self.excluded.keys).subtracting(stored) {
            Issue.record("SnapshotCoverageTests.excluded lists '\(name)', which Simulation no longer stores")
        }
        for name in covered.intersection(Self.excluded.keys) {
            Issue.record("'\(name)' is both in the snapshot and excluded")
        }
        // A class-held property outside `buffers` is shared by a snapshot, not copied: only the hooks may be.
        let byReference: Set<String> = ["makers", "recipes"]
        for (label, object) in classHeld(sim) where !listed.contains(object) && !byReference.contains(label) {
            Issue.record("Simulation.\(label) holds a class instance that Simulation.buffers does not list: a snapshot would share it instead of copying it")
        }
        // The customer table is copied through its `contents`: the same fields.
        let table = Mirror(reflecting: sim.table).children.compactMap(\.label)
        let contents = Mirror(reflecting: sim.table.contents).children.compactMap(\.label)
        #expect(table == contents, "CustomerTable.Contents must list every stored property of CustomerTable")
    }

    @Test("mutating every group then restoring gives groups equal, field by field, to a run that never did")
    func restoredGroupsEqualUntouchedOnes() throws {
        let tests = SnapshotTests()
        for seed in UInt64(0)..<8 {
            let (a, _) = try tests.counter(seed: seed)
            let (b, _) = try tests.counter(seed: seed)
            try a.run(until: 20)
            try b.run(until: 20)
            let before = a.snapshot()
            try tests.mutate(a)
            try a.serveRecipes([:])  // the makers' hooks too
            #expect(Dump.buffers(of: a) != Dump.buffers(of: b))
            #expect(Dump.of(a.counter) != Dump.of(b.counter))
            #expect(Dump.of(a.stockState) != Dump.of(b.stockState))
            #expect(Dump.of(a.runState) != Dump.of(b.runState))
            #expect(Dump.of(a.network) != Dump.of(b.network))
            try a.restore(before)
            #expect(Dump.buffers(of: a) == Dump.buffers(of: b), "seed \(seed): buffers")
            #expect(Dump.of(a.counter) == Dump.of(b.counter), "seed \(seed): counter")
            #expect(Dump.of(a.stockState) == Dump.of(b.stockState), "seed \(seed): stock")
            #expect(Dump.of(a.runState) == Dump.of(b.runState), "seed \(seed): run")
            #expect(Dump.of(a.network) == Dump.of(b.network), "seed \(seed): network")
            #expect(a.makers == nil && a.tellerPolicy == nil && a.serviceTime == nil)
        }
    }
}

/// A deep, order-stable text of a value: class-held buffers by their elements, dictionaries sorted, closures by
/// kind, raw pointers left out. Two simulations built and run alike give equal dumps of their groups.
enum Dump {
    /// Every class-held buffer of `sim`, by its elements.
    static func buffers(of sim: Simulation) -> String {
        Simulation.buffers.map { of($0.object(sim)) }.joined(separator: "\n")
    }

    static func of(_ value: Any, depth: Int = 0) -> String {
        guard depth < 32 else { return "…" }
        if let lengths = value as? LineLengths {
            return "lengths" + String(describing: lengths.cells.array.map(\.pointee))
        }
        if let buffer = value as? any ElementsDumpable { return "[" + buffer.dumpedElements.map { of($0, depth: depth + 1) }.joined(separator: ", ") + "]" }
        let mirror = Mirror(reflecting: value)
        let children = mirror.children.map { ($0.label.map { "\($0)=" } ?? "") + of($0.value, depth: depth + 1) }
        switch mirror.displayStyle {
        case nil:
            // Raw buffers (a histogram's bucket memory) differ by address only: their figures are dumped beside.
            if value is any _Pointer { return "<pointer>" }
            return String(describing: value)
        case .dictionary?, .set?:
            return "{" + children.sorted().joined(separator: ", ") + "}"
        case .enum? where children.isEmpty:
            return String(describing: value)
        default:
            return "\(type(of: value))(" + children.joined(separator: ", ") + ")"
        }
    }
}

/// Class-held buffers the dump reads by elements.
protocol ElementsDumpable { var dumpedElements: [Any] { get } }
extension UnsafeList: ElementsDumpable { var dumpedElements: [Any] { array } }
