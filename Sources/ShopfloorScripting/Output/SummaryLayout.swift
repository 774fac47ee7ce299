import ShopfloorCore

/// What a summary reports beyond a single counter's table, and under which names: read from the world when the
/// summary is made. A single-station world that asks for nothing extra gets ``plain``: its text and JSON are
/// exactly what they were before stations.
public struct SummaryLayout: Sendable {
    /// Key of each task (by index): its plain name, or `station.task` in a world of several stations (two stations
    /// may each have a `deposit`).
    public var taskKeys: [String]
    /// Key of each pool and each line (by index), the same way.
    public var poolKeys: [String]
    public var lineKeys: [String]
    /// Station names in order (the first counter's name for an unnamed station 0).
    public var stationNames: [String]
    /// Several stations or a route (``Simulation/isNetwork``, the predicate that fills the summary's stations and
    /// journeys): the station, journey and number-in-system sections are reported, and a report's `network` object.
    public var network: Bool
    /// Per task: the extra percentiles asked for (`percentiles = { 80, 99.9 }`) and their values, in seconds.
    public var percentiles: [Int: [(percentile: Double, wait: Double)]]
    /// Tasks that asked for any extra wait figure (their details are reported).
    public var detailed: Set<Int>

    /// No network, nothing asked: the single counter's layout, keyed by the summary's own names.
    public static func plain(_ s: Summary) -> SummaryLayout {
        SummaryLayout(taskKeys: s.tasks.map(\.name), poolKeys: s.pools.map(\.name), lineKeys: s.lines.map(\.name),
                      stationNames: [], network: false, percentiles: [:], detailed: [])
    }

    init(taskKeys: [String], poolKeys: [String], lineKeys: [String], stationNames: [String], network: Bool,
         percentiles: [Int: [(percentile: Double, wait: Double)]], detailed: Set<Int>) {
        self.taskKeys = taskKeys; self.poolKeys = poolKeys; self.lineKeys = lineKeys
        self.stationNames = stationNames; self.network = network
        self.percentiles = percentiles; self.detailed = detailed
    }
}

extension World {
    /// The layout of this world's summary now (its keys, sections and asked-for percentiles).
    public var summaryLayout: SummaryLayout {
        let sim = simulation
        let several = sim.stations.count > 1
        let taskKeys = sim.tasks.indices.map { several ? sim.path(ofTask: $0) : sim.tasks[$0].name }
        let poolKeys = (0..<sim.poolCount).map { p -> String in
            let station = sim.stations[sim.station(ofPool: p)].name
            return several ? "\(station).\(sim.pool(p).name)" : sim.pool(p).name
        }
        var percentiles: [Int: [(percentile: Double, wait: Double)]] = [:]
        var detailed = Set<Int>()
        let statistics = sim.taskStatistics
        for (task, options) in hooks.waitReports where sim.tasks.indices.contains(task) {
            detailed.insert(task)
            if !options.percentiles.isEmpty {
                percentiles[task] = options.percentiles.map { ($0, statistics[task].wait.percentile($0)) }
            }
        }
        let names = sim.stations.enumerated().map { $0.element.name.isEmpty && $0.offset == 0 ? (counterName ?? "counter") : $0.element.name }
        return SummaryLayout(taskKeys: taskKeys, poolKeys: poolKeys, lineKeys: taskKeys, stationNames: names,
                             network: sim.isNetwork, percentiles: percentiles, detailed: detailed)
    }
}
