import ShopfloorCore

extension World {
    /// The name outputs give station `station` (trace records, the live view, the report): the core's name, or, for
    /// a station 0 the core has not been told a name for, the scenario's first `shopfloor.counter "name"` —
    /// `"counter"` when the scenario never named it (the name `shopfloor.counter()` gives without an argument).
    public func stationName(_ station: Int) -> String {
        let name = simulation.stations[station].name
        return name.isEmpty ? counterName ?? Self.unnamedStation : name
    }

    /// Every station's output name, in station order.
    public var stationNames: [String] { simulation.stations.indices.map(stationName) }

    /// The name of a station nobody named (docs/schema/README.md, trace version 2).
    public static let unnamedStation = "counter"
}

extension Simulation {
    /// Task `task`'s key in a report: its path (`station.task`) once there are several stations (two stations
    /// may each have a task of that name), else its plain name.
    public func reportKey(ofTask task: Int) -> String {
        stations.count > 1 ? path(ofTask: task) : tasks[task].name
    }

    /// Pool `pool`'s key in a report: `station.pool` once there are several stations, else its name.
    public func reportKey(ofPool pool: Int) -> String {
        stations.count > 1 ? "\(stations[station(ofPool: pool)].name).\(self.pool(pool).name)" : self.pool(pool).name
    }
}
