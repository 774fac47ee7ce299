import LuaKit
import ShopfloorCore

/// The Lua functions a scenario installed on the counter, as owning references: a snapshot that copies
/// this keeps them alive, and the last copy dropped releases them.
struct HookRefs {
    var generator: LuaReference? { didSet { generatorSlot = generator?.ref ?? 0 } }
    /// `generator`'s registry slot, which the running arrival source reads per arrival (a reload swaps the function).
    private(set) var generatorSlot: Int32 = 0
    /// The generator's batch size (`counter:generate(fn, { batch = n })`); 0 = one call per arrival.
    var generatorBatch = 0
    var policy: LuaReference?
    var serviceTime: LuaReference?
    var events = EventHookLists()
    var close: [LuaReference] = []
    /// `shopfloor.on("end", fn)` (Time/World+RunEnd.swift).
    var runEnd: [LuaReference] = []
    /// Routing functions by task (`counter:route(task, function(customer) … end)`), for their `file:line`.
    var routes: [Int: LuaReference] = [:]
    /// Service-time functions and policies per station, once a second counter set one (StationHooks.swift).
    var stations: [Int: World.StationHookRefs] = [:]
    /// Where each routed task's route was given (`file:line`), for a routing loop's error.
    var routePlaces: [Int: String] = [:]
    /// Routes given before the tasks they name, installed once those exist (World+Routes.swift).
    var pendingRoutes: [World.PendingRoute] = []
    /// Wait figures asked for by task (`tally_by`, `service_level`, `percentiles`: TaskExtras.swift).
    var waitReports: [Int: WaitReportOptions] = [:]
}

/// The event hooks by event kind, in a plain array: the per-event dispatch is an index, not a dictionary
/// lookup (scripts/bench/hooks). Each hook is kept twice: as an owning reference (its lifetime) and as its
/// registry slot (what the C delivery takes).
struct EventHookLists {
    private var owners: [[LuaReference]] = [[], [], [], [], []]
    private var lists: [[Int32]] = [[], [], [], [], []]

    @inline(__always)
    static func index(_ kind: CounterEventKind) -> Int {
        switch kind {
        case .arrive: 0
        case .start: 1
        case .finish: 2
        case .balk: 3
        case .renege: 4
        }
    }

    /// Adds `hook` after the hooks of `kind` already there.
    mutating func append(_ hook: LuaReference, to kind: CounterEventKind) {
        owners[Self.index(kind)].append(hook)
        lists[Self.index(kind)].append(hook.ref)
    }

    /// Whether `kind` has no hook.
    @inline(__always)
    func isEmpty(_ kind: CounterEventKind) -> Bool { lists[Self.index(kind)].isEmpty }

    /// Whether no kind has a hook.
    var isEmpty: Bool { lists.allSatisfy(\.isEmpty) }

    /// The only hook of `kind` when it has exactly one, else nil (read without holding the list).
    // Performance: the light observers' single-hook path takes no retain of the lists (scripts/bench/hooks).
    @inline(__always)
    func only(of kind: CounterEventKind) -> Int32? {
        let i = Self.index(kind)
        return lists[i].count == 1 ? lists[i][0] : nil
    }

    /// Runs `body` with the hooks of `kind`. A hook may add hooks while `body` runs: several hooks are
    /// passed as a copy of the list (kept alive until `body` returns), a single one as a value.
    // Performance: the single-hook case takes no retain of the list per event (scripts/bench/hooks).
    @inline(__always)
    func withRefs<T>(of kind: CounterEventKind, _ body: (UnsafeBufferPointer<Int32>) throws -> T) rethrows -> T {
        let i = Self.index(kind)
        switch lists[i].count {
        case 0: return try body(UnsafeBufferPointer(start: nil, count: 0))
        case 1:
            let only = lists[i][0]
            return try withUnsafePointer(to: only) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        default:
            let copy = lists[i]
            let keep = owners[i]
            return try withExtendedLifetime(keep) { try copy.withUnsafeBufferPointer(body) }
        }
    }
}
