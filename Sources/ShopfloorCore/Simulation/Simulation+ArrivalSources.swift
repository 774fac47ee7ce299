#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Arrival sources: the built-in and scripted processes that bring customers in over time (their events, how
/// the next gap is drawn, starting and stopping them). Customers arriving now, one or a batch: Simulation+Arrivals.swift.
extension Simulation {
    // MARK: Arrival sources

    /// Adds an arrival process; returns its index. Arrivals flow after ``startArrivals()``.
    /// - Parameter name: the source's name, also the name of the random stream the built-in process draws from.
    @discardableResult
    public func addArrivals(_ process: ArrivalProcess, name: String = "arrivals") throws -> Int {
        try checkMutable(.addArrivals)
        try CoreError.require(!sources.array.contains { $0.name == name },
                              "arrivals: 'name' must be unique, '\(name)' exists (each source draws from the stream of its name: give this one its own, name = \"…\")")
        let rng = streams.stream(name)
        switch process {
        case let .poisson(rate, mix):
            try CoreError.require(rate.isFinite && rate > 0, "poisson: 'rate' must be > 0, got \(quoted(rate))")
            for task in mix.tasks { try checkTask(Int(task)) }
            let start = mixTasks.count
            for task in mix.tasks { mixTasks.append(task) }
            for sum in mix.cumulative { mixCumulative.append(sum) }
            sources.append(ArrivalSource(name: name, meanGap: 1 / rate, mixRange: start..<mixTasks.count, generator: nil,
                                         isBuiltin: true, rng: rng))
        case .generator(let generator):
            sources.append(ArrivalSource(name: name, meanGap: 0, mixRange: 0..<0, generator: generator,
                                         isBuiltin: false, rng: rng))
        case let .batchGenerator(size, generator):
            try CoreError.require(size >= 1, "arrivals: batch 'size' must be >= 1, got \(size)")
            var source = ArrivalSource(name: name, meanGap: 0, mixRange: 0..<0, generator: nil, isBuiltin: false, rng: rng)
            source.batch = generator
            source.batchGaps = Array(repeating: 0, count: size)
            source.batchTasks = Array(repeating: 0, count: size)
            sources.append(source)
        }
        return sources.count - 1
    }

    /// Whether a built-in (Poisson) arrival source called `name` exists.
    public func hasBuiltinArrivals(named name: String) -> Bool {
        sources.array.contains { $0.name == name && $0.isBuiltin }
    }

    /// Gives the built-in source `name` a new rate and task mix (a reload of an edited scenario): its next gap and
    /// task are drawn with them; the arrival it has already drawn keeps its time and task, and no random draw moves
    /// (the same stream goes on). A mix of another size goes after the others (the old one is left unused).
    public func changeArrivals(named name: String, to process: ArrivalProcess) throws {
        try checkMutable(.changeArrivals)
        guard let s = sources.array.firstIndex(where: { $0.name == name && $0.isBuiltin }),
              case let .poisson(rate, mix) = process else {
            throw CoreError.invalidArgument("arrivals: no built-in source '\(name)' to change")
        }
        try CoreError.require(rate.isFinite && rate > 0, "poisson: 'rate' must be > 0, got \(quoted(rate))")
        for task in mix.tasks { try checkTask(Int(task)) }
        var range = sources[s].mixRange
        if range.count != mix.tasks.count {
            range = mixTasks.count..<(mixTasks.count + mix.tasks.count)
            for _ in mix.tasks { mixTasks.append(0); mixCumulative.append(0) }
        }
        for (offset, (task, sum)) in zip(mix.tasks, mix.cumulative).enumerated() {
            mixTasks[range.lowerBound + offset] = task
            mixCumulative[range.lowerBound + offset] = sum
        }
        sources[s].meanGap = 1 / rate
        sources[s].mixRange = range
    }

    /// The name of the arrival source an arrival event's `payload` belongs to (its index is the high half), if
    /// it is one: what names the generator behind a zero-time arrival loop (``CoreError/noProgress(time:events:kind:payload:)``).
    public func arrivalSourceName(ofEvent payload: UInt64) -> String? {
        let s = Int(payload >> 32)
        return s < sources.count ? sources[s].name : nil
    }

    /// Starts every arrival source that is not flowing yet: each draws its first gap from now.
    /// - Throws: if a generator throws (that source is retried on the next step).
    public func startArrivals() throws {
        try checkMutable(.startArrivals)
        if runState.clock.doorClosed { return }  // closed for the day (Simulation+Door.swift)
        for s in sources.indices where !sources[s].active {
            sources[s].active = true
            sources[s].needsNext = true
        }
        try recover()
    }

    /// Stops all arrivals (already scheduled arrivals are cancelled). Customers inside are still served.
    public func stopArrivals() throws {
        try checkMutable(.stopArrivals)
        for s in sources.indices { stopSource(s) }
    }

    func stopSource(_ s: Int) {
        sources[s].active = false
        sources[s].needsNext = false
        sources[s].pending = nil
        sources[s].pendingPlain = false
        sources[s].epoch &+= 1
    }

    /// Draws source `s`'s next arrival and schedules it. `needsNext` stays set if this throws, so it is retried.
    func drawNext(_ s: Int) throws {
        sources[s].needsNext = true
        let payload = UInt64(s) << 32 | UInt64(sources[s].epoch)
        if sources[s].isBatch {
            if sources[s].batchNext == sources[s].batchCount {
                if sources[s].batchEnds {
                    sources[s].batchEnds = false  // a restart asks the generator again
                    stopSource(s)
                    return
                }
                try refillBatch(s)
                if sources[s].batchCount == 0 { stopSource(s); return }
            }
            let i = sources[s].batchNext
            let at = now + sources[s].batchGaps[i]
            if !at.isFinite {
                throw invalidAnswer(.generator(source: sources[s].name),
                                    Self.pastTheEnd("customer generator '\(sources[s].name)': gap", sources[s].batchGaps[i], from: now))
            }
            sources[s].batchNext = i &+ 1
            sources[s].pendingTask = sources[s].batchTasks[i]
            sources[s].pendingPlain = true
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: at)
        } else if !sources[s].isBuiltin, let generator = sources[s].generator {
            let drawn = try callDecisionHook("customer generator '\(sources[s].name)'") { try generator(self) }
            guard let next = drawn else { stopSource(s); return }
            try checkingAnswer(of: .generator(source: sources[s].name)) {
                try CoreError.require(next.gap.isFinite && next.gap >= 0,
                                      "customer generator '\(sources[s].name)': gap must be a finite number >= 0, got \(quoted(next.gap))")
                try CoreError.require((now + next.gap).isFinite, Self.pastTheEnd("customer generator '\(sources[s].name)': gap", next.gap, from: now))
                switch next {
                case .single(_, let spec): try validate(spec)
                case .batch(_, let specs): for spec in specs { try validate(spec) }
                }
            }
            switch next {
            case .single(_, let spec):
                if spec.priority == 0 && spec.patience == nil && spec.attributes == nil {
                    sources[s].pendingTask = Int32(spec.task)
                    sources[s].pendingPlain = true
                } else {
                    sources[s].pending = next
                }
            case .batch:
                sources[s].pending = next
            }
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: now + next.gap)
        } else {
            // Built-in Poisson: two draws from the source's stream, gap first, then the task.
            var rng = sources[s].rng
            let gap = rng.exponential(mean: sources[s].meanGap)
            let range = sources[s].mixRange
            var i = range.lowerBound
            if range.count > 1 {
                // Mixes are short: a linear scan beats a binary search.
                let u = rng.uniform()
                while i < range.upperBound - 1, u >= mixCumulative[i] { i &+= 1 }
            }
            sources[s].rng = rng
            sources[s].pendingTask = mixTasks[i]
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: runState.scheduler.now + gap)
        }
        sources[s].needsNext = false
    }

    /// An arrival event: the drawn customers enter, then the next arrival is drawn.
    func handleArrival(_ payload: UInt64) throws {
        let s = Int(payload >> 32)
        guard sources[s].active, sources[s].epoch == UInt32(truncatingIfNeeded: payload) else { return }
        sources[s].needsNext = true  // whatever happens below, the next arrival is owed
        if sources[s].isBuiltin {
            try arriveOne(task: sources[s].pendingTask, priority: 0, patience: nil, attributes: nil)
        } else if sources[s].pendingPlain {
            sources[s].pendingPlain = false
            try arriveOne(task: sources[s].pendingTask, priority: 0, patience: nil, attributes: nil)
        } else {
            let pending = sources[s].pending
            sources[s].pending = nil
            switch pending {
            case .single(_, let spec)?:
                try arriveOne(task: Int32(spec.task), priority: Int32(spec.priority), patience: spec.patience,
                              attributes: spec.attributes)
            case .batch(_, let specs)?:
                try arriveBatch(specs)
            case nil:
                break
            }
        }
        try drawNext(s)
    }
}
