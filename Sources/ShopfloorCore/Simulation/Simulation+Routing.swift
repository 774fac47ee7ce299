extension Simulation {
    // MARK: Routes (set up; the moves themselves are in Simulation+Journeys.swift)

    /// Sets where customers go after being served at `task` (replacing its route); see ``Route``.
    ///
    /// Setting the first route (even ``Route/leave``) turns on journey tracking for the rest of the simulation:
    /// finishes then take the routing path and end-to-end figures are recorded per exit task, starting from the
    /// per-task figures so far (every journey until then was one visit). A world without routes never pays for it.
    /// - Throws: for an unknown task or target, a probability < 0 or not finite, or probabilities adding up to
    ///   more than 1.
    public func setRoute(_ route: Route, forTask task: Int) throws {
        try checkMutable(.setRoute)
        try checkTask(task)
        let label = "route of task '\(taskLabel(task))'"
        var step = RouteStep()
        var choices: [RouteChoice] = []
        switch route {
        case .leave:
            break
        case let .next(target, whenFull):
            try checkRouteTarget(target, label)
            step = RouteStep(kind: .next, whenFull: whenFull, target: Int32(target))
        case let .choice(entries, whenFull):
            var total = 0.0
            for (target, probability) in entries {
                try checkRouteTarget(target, label)
                try CoreError.require(probability.isFinite && probability >= 0,
                                      "\(label): probability of '\(taskLabel(target))' must be a finite number >= 0, got \(quoted(probability))")
                total += probability
                choices.append(RouteChoice(task: Int32(target), cumulative: total))
            }
            try CoreError.require(total <= 1 + 1e-9, "\(label): probabilities must add up to at most 1 (the rest leaves), got \(quoted(total))")
            step = RouteStep(kind: .choice, whenFull: whenFull, choiceStart: Int32(routeChoices.count), choiceCount: Int32(choices.count))
        case let .decide(hook, whenFull):
            step = RouteStep(kind: .decide, whenFull: whenFull, target: Int32(network.routeHooks.count))
            network.routeHooks.append(hook)
        }
        for choice in choices { routeChoices.append(choice) }
        routeSteps[task] = step
        startTrackingJourneys()
    }

    /// Task `task`'s route as set (``Route/leave`` if none); a `.decide` route gives back its function.
    public func route(forTask task: Int) -> Route {
        let step = routeSteps[task]
        switch step.kind {
        case .leave:
            return .leave
        case .next:
            return .next(task: Int(step.target), whenFull: step.whenFull)
        case .choice:
            let start = Int(step.choiceStart)
            var entries: [(task: Int, probability: Double)] = []
            var previous = 0.0
            for k in start..<(start + Int(step.choiceCount)) {
                entries.append((Int(routeChoices[k].task), routeChoices[k].cumulative - previous))
                previous = routeChoices[k].cumulative
            }
            return .choice(entries, whenFull: step.whenFull)
        case .decide:
            return .decide(network.routeHooks[Int(step.target)], whenFull: step.whenFull)
        }
    }

    /// Whether any route was ever set: finishes take the routing path and journeys are recorded.
    public var tracksJourneys: Bool { network.tracksJourneys }

    func checkRouteTarget(_ target: Int, _ label: String) throws {
        try CoreError.require(counter.tasks.indices.contains(target),
                              "\(label): next 'task' must be a task index 0..<\(counter.tasks.count), got \(target)")
    }

    /// Turns journey tracking on (once): the end-to-end figures start as the per-task ones, since every journey so
    /// far was a single visit ending at its task.
    func startTrackingJourneys() {
        guard !network.tracksJourneys else { return }
        network.tracksJourneys = true
        updateAfterEventWork()
        for t in statisticsStore.indices {
            let s = statisticsStore[t]
            journeyStatistics[t].completed = s.served
            journeyStatistics[t].visits = s.served
            journeyStatistics[t].maxVisits = s.served > 0 ? 1 : 0
            journeyStatistics[t].timeInSystem = s.timeInSystem
        }
        network.completedTotal = runState.servedTotal
        network.completedSinceStatistics = runState.servedSinceStatistics
    }

    /// Where the customer in `slot`, just served at `task`, goes: the next task (-1: they leave), their priority
    /// there and what to do if its line is full. Draws from the routing stream or calls the routing function;
    /// changes nothing else, so a throw leaves the state as it was.
    @inline(__always)
    func nextStep(fromTask task: Int, slot: Int32) throws -> (task: Int, priority: Int32, whenFull: WhenFull) {
        let step = routeSteps[task]
        let priority = table.records[Int(slot)].priority
        switch step.kind {
        case .leave:
            return (-1, priority, .wait)
        case .next:
            return (Int(step.target), priority, step.whenFull)
        case .choice:
            // One draw per routed customer, whatever the table: the stream stays in step across edits of it.
            let u = network.routingRNG.uniform()
            var k = Int(step.choiceStart)
            let end = k &+ Int(step.choiceCount)
            while k < end {
                if u < routeChoices[k].cumulative { return (Int(routeChoices[k].task), priority, step.whenFull) }
                k &+= 1
            }
            return (-1, priority, step.whenFull)
        case .decide:
            let hook = network.routeHooks[Int(step.target)]
            var snapshot = customer(slot)
            snapshot.state = .served
            let decision = try callDecisionHook("routing function of task '\(taskLabel(task))'") { try hook(snapshot, self) }
            switch decision {
            case .leave:
                return (-1, priority, step.whenFull)
            case let .to(target, newPriority):
                try CoreError.require(counter.tasks.indices.contains(target),
                                      "routing function of task '\(taskLabel(task))': chose task \(target), not a task index 0..<\(counter.tasks.count)")
                guard let newPriority else { return (target, priority, step.whenFull) }
                guard let p = Int32(exactly: newPriority) else {
                    throw CoreError.invalidArgument("routing function of task '\(taskLabel(task))': 'priority' out of range, got \(newPriority)")
                }
                return (target, p, step.whenFull)
            }
        }
    }
}
