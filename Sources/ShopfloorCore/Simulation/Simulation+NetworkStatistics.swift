extension Simulation {
    // MARK: Per-station and end-to-end figures

    /// Whether the world is a network: several stations, or routes. Only then does the summary carry per-station
    /// and end-to-end figures (for one station they repeat the tasks' and the summary's own).
    public var isNetwork: Bool { network.stations.count > 1 || network.tracksJourneys }

    /// `summary` with its stations and journeys filled in, for a network (``isNetwork``).
    func addingNetwork(to summary: Summary) -> Summary {
        guard isNetwork else { return summary }
        var summary = summary
        summary.stations = network.stations.indices.map { stationSummary($0, summary: summary) }
        summary.journeys = journeySummaries()
        return summary
    }

    /// Station `s`'s figures, added up from its tasks' and pools' (already in `summary`, by index).
    func stationSummary(_ s: Int, summary: Summary) -> StationSummary {
        let now = self.now
        let station = network.stations[s]
        var wait = DurationStatistics(), inStation = DurationStatistics()
        var arrived = 0, served = 0, balked = 0, reneged = 0, failed = 0, length = 0
        var meanLineLength = 0.0
        for t in station.tasks {
            let stats = statisticsStore[t]
            wait.merge(stats.wait)
            inStation.merge(stats.timeInSystem)
            arrived += stats.arrived; served += stats.served; balked += stats.balked
            reneged += stats.reneged; failed += stats.turnedAway
            meanLineLength += summary.lines[t].meanLength
            length += summary.lines[t].length
        }
        var tellers = 0, busyTime = 0.0, blockedTime = 0.0
        for p in station.pools {
            tellers += poolStore[p].tellers.count
            busyTime += summary.pools[p].busyTime
            blockedTime += network.poolBlocked[p].area(until: now)
        }
        let span = now - runState.statisticsStart
        return StationSummary(
            name: station.name, tasks: station.tasks.map { counter.tasks[$0].name }, pools: station.pools.map { poolStore[$0].name },
            arrived: arrived, served: served, balked: balked, reneged: reneged, failed: failed,
            wait: wait.summary, timeInStation: inStation.summary, tellers: tellers,
            utilisation: span > 0 && tellers > 0 ? busyTime / (Double(tellers) * span) : 0, blockedTime: blockedTime,
            meanLineLength: meanLineLength, meanInStation: meanLineLength + (span > 0 ? busyTime / span : 0), length: length)
    }

    /// End-to-end figures per exit class, then all together. Before any route every journey is one visit, so
    /// they are the tasks' own (nothing extra is recorded per customer then).
    public func journeySummaries() -> [JourneySummary] {
        var all = JourneyStatistics()
        var lostInAll = 0
        var result: [JourneySummary] = []
        for t in counter.tasks.indices {
            let stats = statisticsStore[t]
            var journey = JourneyStatistics()
            if network.tracksJourneys {
                journey = journeyStatistics[t]
            } else {
                journey.completed = stats.served
                journey.visits = stats.served
                journey.maxVisits = stats.served > 0 ? 1 : 0
                journey.timeInSystem = stats.timeInSystem
            }
            let lost = stats.balked + stats.reneged + stats.turnedAway
            result.append(journeySummary(path(ofTask: t), journey, lost: lost))
            all.completed += journey.completed
            all.visits += journey.visits
            all.maxVisits = max(all.maxVisits, journey.maxVisits)
            all.timeInSystem.merge(journey.timeInSystem)
            lostInAll += lost
        }
        result.append(journeySummary("*", all, lost: lostInAll))
        return result
    }

    func journeySummary(_ name: String, _ j: JourneyStatistics, lost: Int) -> JourneySummary {
        JourneySummary(name: name, completed: j.completed, lost: lost,
                       meanVisits: j.completed > 0 ? Double(j.visits) / Double(j.completed) : 0, maxVisits: j.maxVisits,
                       timeInSystem: j.timeInSystem.summary)
    }

    /// Journeys ended after a service since the last ``reset()`` (``servedTotal`` while no route was ever set:
    /// every journey was then one service).
    public var completedTotal: Int { network.tracksJourneys ? network.completedTotal : runState.servedTotal }

    /// Of those, the journeys of customers who first arrived since the statistics start.
    public var completedSinceStatistics: Int {
        network.tracksJourneys ? network.completedSinceStatistics : runState.servedSinceStatistics
    }

    /// Processes events until `count` journeys have ended after service since the last ``reset()`` (a customer
    /// served at two stations counts once), or nothing is left to do. The same as ``run(untilServed:)`` without
    /// routes.
    public func run(untilCompleted count: Int) throws {
        try beginRun(.run)
        defer { isRunning = false }
        while completedTotal < count {
            // Alive events only, as every run that ends when nothing is left to do: a background sampler
            // (`every` without `to`) must not carry a run whose arrivals ended short of the goal on for ever.
            if !(try stepOne(aliveOnly: true)) { break }
        }
        try reportCloseIfIdle()
    }

    /// The network's part of a statistics reset: end-to-end figures and blocked time start afresh.
    func resetNetworkStatistics() {
        let now = self.now
        for t in journeyStatistics.indices { journeyStatistics[t].reset() }
        for p in network.poolBlocked.indices { network.poolBlocked[p].restart(at: now) }
        network.completedSinceStatistics = 0
    }

    /// The network's part of ``reset()``: nobody is blocked, no journey completed. (Statistics follow.)
    func resetNetworkRun() {
        network.blocked.removeAll()
        for p in network.poolBlocked.indices { network.poolBlocked[p] = TimeWeighted(start: 0, value: 0) }
        network.completedTotal = 0
    }
}
