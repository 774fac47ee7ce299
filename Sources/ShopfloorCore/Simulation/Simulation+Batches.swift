extension Simulation {
    // MARK: Batch generators

    /// Asks source `s`'s batch generator for the next batch and checks every arrival in it; a throw leaves the
    /// source with nothing drawn (it is asked again).
    func refillBatch(_ s: Int) throws {
        guard let generator = sources[s].batch else { return }
        sources[s].batchNext = 0
        sources[s].batchCount = 0
        var gaps = sources[s].batchGaps, tasks = sources[s].batchTasks
        sources[s].batchGaps = []
        sources[s].batchTasks = []
        defer { sources[s].batchGaps = gaps; sources[s].batchTasks = tasks }
        let size = gaps.count
        let count = try gaps.withUnsafeMutableBufferPointer { g in
            try tasks.withUnsafeMutableBufferPointer { t in
                try callDecisionHook("customer generator '\(sources[s].name)'") { try generator(g, t, self) }
            }
        }
        let name = sources[s].name
        try CoreError.require(count >= 0 && count <= size,
                              "customer generator '\(name)': a batch must have 0 to \(size) arrivals, got \(count)")
        for i in 0..<count {
            try CoreError.require(gaps[i].isFinite && gaps[i] >= 0,
                                  "customer generator '\(name)': gap \(i + 1) must be a finite number >= 0, got \(quoted(gaps[i]))")
            try checkTask(Int(tasks[i]))
        }
        sources[s].batchCount = count
        sources[s].batchEnds = count < size
    }
}
