extension Simulation {
    // MARK: Stations (several counters, one clock)

    /// Stations, in the order created; station 0 is the one every world has.
    public var stations: [Station] { network.stations }

    /// How many stations the world has, read without copying ``stations`` (per-arrival checks read it).
    public var stationCount: Int { network.stations.count }

    /// The index of the station called `name`, if any.
    public func stationIndex(named name: String) -> Int? { network.stations.firstIndex { $0.name == name } }

    /// The station called `name`, created if there is none: an unnamed station 0 takes the first name asked for
    /// (so a single-counter world stays station 0), later names make new stations.
    /// - Throws: for an empty name or one containing `.` (it separates station and task in ``taskIndex(path:)``).
    public func station(named name: String) throws -> Int {
        if let index = stationIndex(named: name) { return index }
        try checkMutable(.station)
        try CoreError.require(!name.isEmpty, "station: 'name' must not be empty")
        try CoreError.require(!name.contains("."), "station: 'name' must not contain '.', got '\(name)'")
        if network.stations[0].name.isEmpty {
            network.stations[0].name = name
            return 0
        }
        network.stations.append(Station(name: name))
        return network.stations.count - 1
    }

    /// The station of task `task`.
    public func station(ofTask task: Int) -> Int { Int(network.taskStation[task]) }

    /// The station of pool `pool`.
    public func station(ofPool pool: Int) -> Int { Int(network.poolStation[pool]) }

    /// The station of teller `t` (two array reads: for a per-station dispatcher, which runs per decision).
    public func station(ofTeller t: Int) -> Int { Int(network.poolStation[Int(tellerStates[t].pool)]) }

    /// What teller `t` draws a service of `task` from when no function decides: its pool's distribution, else the
    /// task's. For a per-station service-time dispatcher, which runs per service; allocates nothing.
    public func defaultService(teller t: Int, task: Int) -> Distribution {
        poolStore[Int(tellerStates[t].pool)].service ?? counter.tasks[task].service
    }

    /// What a built-in rule chooses for free teller `t`: the head of the first of its skills (only its own with
    /// `ownSkillOnly`) whose line has anyone, else stay idle. For a per-station dispatcher whose station has no
    /// policy of its own; allocates nothing.
    public func builtinChoice(forTeller t: Int, ownSkillOnly: Bool) -> TellerChoice {
        let start = Int(tellerStates[t].skillStart)
        let end = ownSkillOnly ? start + 1 : start + Int(tellerStates[t].skillCount)
        for k in start..<end where lineStore[Int(tellerSkills[k])].count > 0 { return .head(line: Int(tellerSkills[k])) }
        return .stayIdle
    }

    /// The task called `name` in station `station`, if any.
    public func taskIndex(named name: String, inStation station: Int) -> Int? {
        guard network.stations.indices.contains(station) else { return nil }
        return network.stations[station].tasks.first { counter.tasks[$0].name == name }
    }

    /// The task addressed by `path`: `"station.task"` (split at the first `.`: station names have none), or a
    /// plain task name, looked up as ``taskIndex(named:)`` does.
    public func taskIndex(path: String) -> Int? {
        guard let dot = path.firstIndex(of: ".") else { return taskIndex(named: path) }
        guard let station = stationIndex(named: String(path[..<dot])) else { return nil }
        return taskIndex(named: String(path[path.index(after: dot)...]), inStation: station)
    }

    /// Task `task`'s path, `"station.task"`; its plain name while its station is unnamed.
    public func path(ofTask task: Int) -> String {
        let station = network.stations[Int(network.taskStation[task])].name
        return station.isEmpty ? counter.tasks[task].name : "\(station).\(counter.tasks[task].name)"
    }

    /// A task's name in messages: its path once the world has more than one station, else its plain name (so
    /// single-station messages read as they always did).
    func taskLabel(_ task: Int) -> String {
        network.stations.count > 1 ? path(ofTask: task) : counter.tasks[task].name
    }

    func checkStation(_ station: Int) throws {
        try CoreError.require(network.stations.indices.contains(station),
                              "'station' must be a station index 0..<\(network.stations.count), got \(station)")
    }

    /// Records a task just added to `station` (setup time): its station, an empty route, empty journey figures.
    func registerTask(_ task: Int, station: Int) {
        network.taskStation.append(Int32(station))
        network.stations[station].tasks.append(task)
        routeSteps.append(RouteStep())
        journeyStatistics.append(JourneyStatistics())
    }

    /// The station of a new pool serving `skills`: all of them must be tasks of one station.
    func poolStation(skills: [Int]) throws -> Int {
        let station = Int(network.taskStation[skills[0]])
        for skill in skills.dropFirst() where Int(network.taskStation[skill]) != station {
            throw CoreError.invalidArgument(
                "tellers: 'skills' must be tasks of one station, got '\(path(ofTask: skills[0]))' and '\(path(ofTask: skill))'")
        }
        return station
    }

    /// Records a pool just added (setup time).
    func registerPool(_ pool: Int, station: Int) {
        network.poolStation.append(Int32(station))
        network.stations[station].pools.append(pool)
        network.poolBlocked.append(TimeWeighted(start: now, value: 0))
    }
}
