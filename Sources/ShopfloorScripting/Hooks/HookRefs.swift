import LuaKit
import ShopfloorCore

/// The Lua functions a scenario installed on the counter, as owning references: a snapshot that copies
/// this keeps them alive, and the last copy dropped releases them.
struct HookRefs {
    /// A counter's generator: the function, its batch size (`counter:generate(fn, { batch = n })`; 0 = one call
    /// per arrival), and the name of its arrival source (what the core's errors name it by).
    struct Generator {
        var function: LuaReference
        let batch: Int
        let source: String
    }

    /// Per counter (station): its generator (`counter:generate`), nil for none.
    private(set) var generators: [Generator?] = []
    /// Per counter: its generator's registry slot, which the running arrival source reads per arrival (a reload
    /// swaps the function); 0 for none.
    private(set) var generatorSlots: [Int32] = []
    var policy: LuaReference?
    var serviceTime: LuaReference?
    var events = EventHookLists(stations: 1)
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

    /// Counter `station`'s generator, if it has one.
    func generator(of station: Int) -> Generator? { station < generators.count ? generators[station] : nil }

    /// The generator whose arrival source is called `source`.
    func generator(source: String) -> Generator? { generators.lazy.compactMap { $0 }.first { $0.source == source } }

    /// Gives counter `station` its generator, or swaps its function (a reload).
    mutating func setGenerator(_ generator: Generator, of station: Int) {
        while generators.count <= station {
            generators.append(nil)
            generatorSlots.append(0)
        }
        generators[station] = generator
        generatorSlots[station] = generator.function.ref
    }
}

/// The event hooks by event kind, in plain arrays: the per-event dispatch is an index, not a dictionary
/// lookup (scripts/bench/hooks). Each hook is kept twice: as an owning reference (its lifetime) and as its
/// registry slot (what the C delivery takes).
///
/// A hook listens to one station (`counter:on`) or to every station (`shopfloor.on`). While every station's
/// events would call the same hooks (one station, or only `shopfloor.on` hooks), an event takes the one list
/// of its kind without looking at its station; otherwise each station has its own list, in the order the
/// hooks were added.
struct EventHookLists {
    /// The scope of a hook given by `shopfloor.on`.
    static let everyStation = -1

    private var owners = [[LuaReference]](repeating: [], count: CounterEventKind.allCases.count)
    /// Per kind, per hook (in the order added): the station it listens to, or ``everyStation``.
    private var scopes = [[Int]](repeating: [], count: CounterEventKind.allCases.count)
    /// Per kind: every hook's registry slot, in the order added.
    private var lists = [[Int32]](repeating: [], count: CounterEventKind.allCases.count)
    /// Per kind: whether an event must look at its station, some hook of the kind listening to one station in a
    /// world of several.
    private var scoped = [Bool](repeating: false, count: CounterEventKind.allCases.count)
    /// Per kind, per station up to the last one a hook listens to: the hooks that station's events call.
    private var byStation = [[[Int32]]](repeating: [], count: CounterEventKind.allCases.count)
    /// Per kind: the hooks every station's events call (``byStation``'s for the stations beyond it).
    private var everyStationList = [[Int32]](repeating: [], count: CounterEventKind.allCases.count)
    /// How many stations the world has (``World/stationAdded()`` keeps it).
    var stations: Int { didSet { if stations != oldValue { for i in lists.indices { updateScoped(i) } } } }

    init(stations: Int) { self.stations = stations }

    @inline(__always)
    /// The position of `kind` in `CounterEventKind.allCases`, which sizes the lists (a switch: no search per event).
    static func index(_ kind: CounterEventKind) -> Int {
        switch kind {
        case .arrive: 0
        case .start: 1
        case .finish: 2
        case .balk: 3
        case .renege: 4
        case .fail: 5
        }
    }

    /// Adds `hook` after the hooks of `kind` already there, for the events of `station` (or ``everyStation``).
    mutating func append(_ hook: LuaReference, to kind: CounterEventKind, station: Int) {
        let i = Self.index(kind)
        owners[i].append(hook)
        scopes[i].append(station)
        lists[i].append(hook.ref)
        let hooks = zip(lists[i], scopes[i])
        everyStationList[i] = hooks.filter { $0.1 == Self.everyStation }.map(\.0)
        byStation[i] = (0..<(scopes[i].max().map { $0 + 1 } ?? 0)).map { s in
            hooks.filter { $0.1 == Self.everyStation || $0.1 == s }.map(\.0)
        }
        updateScoped(i)
    }

    private mutating func updateScoped(_ i: Int) {
        scoped[i] = stations > 1 && !byStation[i].isEmpty
    }

    /// Whether `kind` has no hook.
    @inline(__always)
    func isEmpty(_ kind: CounterEventKind) -> Bool { lists[Self.index(kind)].isEmpty }

    /// Whether no kind has a hook.
    var isEmpty: Bool { lists.allSatisfy(\.isEmpty) }

    /// The only hook of `kind` when it has exactly one for every station's events, else nil (read without
    /// holding the list).
    // Performance: the light observers' single-hook path takes no retain of the lists (scripts/bench/hooks).
    @inline(__always)
    func only(of kind: CounterEventKind) -> Int32? {
        let i = Self.index(kind)
        return lists[i].count == 1 && !scoped[i] ? lists[i][0] : nil
    }

    /// Runs `body` with the hooks of `kind` that an event of `task` calls (its station's). A hook may add
    /// hooks while `body` runs: several hooks are passed as a copy of the list (kept alive until `body`
    /// returns), a single one as a value.
    // Performance: the single-hook case takes no retain of the list per event (scripts/bench/hooks).
    @inline(__always)
    func withRefs<T>(of kind: CounterEventKind, task: Int, in simulation: Simulation,
                     _ body: (UnsafeBufferPointer<Int32>) throws -> T) rethrows -> T {
        let i = Self.index(kind)
        if !scoped[i] { return try Self.with(lists[i], keeping: owners[i], body) }
        let station = simulation.station(ofTask: task)
        return try Self.with(station < byStation[i].count ? byStation[i][station] : everyStationList[i], keeping: owners[i], body)
    }

    @inline(__always)
    private static func with<T>(_ list: [Int32], keeping owners: [LuaReference],
                                _ body: (UnsafeBufferPointer<Int32>) throws -> T) rethrows -> T {
        switch list.count {
        case 0: return try body(UnsafeBufferPointer(start: nil, count: 0))
        case 1:
            let only = list[0]
            return try withUnsafePointer(to: only) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        default:
            let copy = list
            let keep = owners
            return try withExtendedLifetime(keep) { try copy.withUnsafeBufferPointer(body) }
        }
    }
}
