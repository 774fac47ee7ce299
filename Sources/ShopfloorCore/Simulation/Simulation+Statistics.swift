extension Simulation {
    /// Resets every statistic now, without touching the run (customers, clock, stock stay): the end of a warm-up.
    public func resetStatistics() {
        let now = self.now
        for t in statisticsStore.indices { statisticsStore[t].reset() }
        for l in lineStore.indices { lineStore[l].length.restart(at: now) }
        for p in poolStore.indices {
            poolStore[p].busy.restart(at: now)
            poolStore[p].present?.restart(at: now)
        }
        stockState.stock.resetStatistics(at: now)
        resetNetworkStatistics()
        runState.statisticsStart = now
        runState.servedSinceStatistics = 0
        // `stop { orders = N }` counts the orders of the summary, as `stop { served = N }` counts its served.
        makers?.decided = 0
    }

    /// Schedules a statistics reset at time `time` (warm-up), in event order with everything else. A background
    /// event: it never keeps a run alive on its own, so a run that ends before `time` stops there (with `now <
    /// time`, which the caller reports) instead of running on to an empty measurement window.
    public func resetStatistics(at time: Double) throws {
        try checkMutable(.resetStatistics)
        guard time >= now else { throw CoreError.scheduledInThePast(now: now, requested: time) }
        runState.scheduler.scheduleBackground(.statisticsReset, payload: 0, at: time)
    }

    /// Customers a maker has turned away whose 0 s departure event is still to come: they have left already.
    /// - Complexity: O(tellers).
    var turningAwayCount: Int {
        var n = 0
        for t in tellerStates.indices where tellerStates[t].busy && tellerStates[t].turningAway { n += 1 }
        return n
    }

    /// Everything measured since the statistics start, as one Codable value.
    /// - Complexity: O(tasks × histogram buckets).
    public func summary() -> Summary {
        let now = self.now
        var taskSummaries: [TaskSummary] = []
        for (i, task) in counter.tasks.enumerated() {
            let s = statisticsStore[i]
            taskSummaries.append(TaskSummary(name: task.name, arrived: s.arrived, served: s.served, balked: s.balked,
                                              reneged: s.reneged, failed: s.turnedAway, wait: s.wait.summary, timeInSystem: s.timeInSystem.summary,
                                              refused: s.refused, renegedWait: s.renegedWait.count > 0 ? s.renegedWait.summary : nil,
                                              serviceLevels: s.serviceLevels, waitsBy: s.waitsBy))
        }
        let lineSummaries = lines.map {
            LineSummary(name: $0.name, meanLength: $0.length.mean(until: now), maxLength: Int($0.length.maximum(until: now)), length: $0.count)
        }
        let poolSummaries = pools.map {
            PoolSummary(name: $0.name, tellers: $0.tellers.count, utilisation: $0.utilisation(until: now),
                        busyTime: $0.busy.area(until: now))
        }
        return addingNetwork(to: Summary(
            seed: seed, startTime: runState.statisticsStart, endTime: now,
            arrived: taskStatistics.reduce(0) { $0 + $1.arrived },
            served: taskStatistics.reduce(0) { $0 + $1.served },
            balked: taskStatistics.reduce(0) { $0 + $1.balked },
            reneged: taskStatistics.reduce(0) { $0 + $1.reneged },
            inSystem: table.inUseCount - turningAwayCount,
            meanInSystem: lineSummaries.reduce(0) { $0 + $1.meanLength } + pools.reduce(0) { $0 + $1.meanBusy(until: now) },
            tasks: taskSummaries, lines: lineSummaries, pools: poolSummaries,
            stock: stockState.stock.items.isEmpty ? nil : stockState.stock.summary(at: now)))
    }
}
