import ShopfloorCore
import ShopfloorText

/// The report's `network` object, present only when the world has several stations or a route
/// (``Simulation/isNetwork``): every station's figures, in station order (the order of the flow as built),
/// and the end-to-end journeys per exit class and for all (`"*"`). A single-station report has none, so it
/// stays as it was. docs/schema/report.json lists the fields.
///
/// ```json
/// "network": {
///   "journeys": { "*": { "completed": 981, "lost": 3, "mean_visits": 2.3, … }, "tellers.deposit": { … } },
///   "stations": [ { "name": "reception", "tasks": ["welcome"], "pools": ["desk"], "served": 984, … }, … ]
/// }
/// ```
enum NetworkReport {
    /// The `network` object of `summary` (``Simulation/summary()`` of `world`), or nil for a single station.
    static func json(world: World, summary: Summary) -> JSONValue? {
        guard world.simulation.isNetwork else { return nil }
        let stations = summary.stations.enumerated().map { s, station -> JSONValue in
            .object([
                "name": .string(world.stationName(s)),
                "tasks": .array(station.tasks.map { .string($0) }),
                "pools": .array(station.pools.map { .string($0) }),
                "arrived": .integer(station.arrived),
                "served": .integer(station.served),
                "balked": .integer(station.balked),
                "reneged": .integer(station.reneged),
                "failed": .integer(station.failed),
                "mean_wait": .number(station.wait.mean),
                "p95_wait": .number(station.wait.p95),
                "max_wait": .number(station.wait.max),
                "mean_time_in_station": .number(station.timeInStation.mean),
                "tellers": .integer(station.tellers),
                "utilization": .number(station.utilisation),
                "blocked_time": .number(station.blockedTime),
                "mean_line_length": .number(station.meanLineLength),
                "mean_in_station": .number(station.meanInStation),
                "length": .integer(station.length),
            ])
        }
        var journeys: [String: JSONValue] = [:]
        for journey in summary.journeys {
            journeys[journey.name] = .object([
                "completed": .integer(journey.completed),
                "lost": .integer(journey.lost),
                "mean_visits": .number(journey.meanVisits),
                "max_visits": .integer(journey.maxVisits),
                "mean_time_in_system": .number(journey.timeInSystem.mean),
                "p50_time_in_system": .number(journey.timeInSystem.p50),
                "p95_time_in_system": .number(journey.timeInSystem.p95),
                "max_time_in_system": .number(journey.timeInSystem.max),
            ])
        }
        return .object(["stations": .array(stations), "journeys": .object(journeys)])
    }
}
