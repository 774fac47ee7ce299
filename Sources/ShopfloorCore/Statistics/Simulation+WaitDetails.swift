/// Asking a task for more than count, mean and percentiles of its waits.
///
/// ```swift
/// try sim.measureWaits(ofTask: call, serviceLevels: [20, 60], by: "priority")
/// // … run …
/// sim.summary().tasks[call].serviceLevels   // [P(wait ≤ 20 s), P(wait ≤ 60 s)]
/// sim.summary().tasks[call].waitsBy         // waits per value of `priority`
/// ```
extension Simulation {
    /// Measures, for task `task`, the share of customers who waited at most each of `serviceLevels` (seconds) and
    /// the waits per value of attribute `attribute`, from the customers who start service from now on (replacing
    /// what it measured before). An attribute named `priority` that a customer lacks is their priority class.
    /// - Complexity: O(thresholds) per service start of that task, plus a dictionary update when `attribute` is set;
    ///   nothing for tasks that measure nothing.
    public func measureWaits(ofTask task: Int, serviceLevels: [Double] = [], by attribute: String? = nil) throws {
        try checkMutable(.measureWaits)
        try checkTask(task)
        for t in serviceLevels {
            try CoreError.require(t.isFinite && t >= 0, "service_level: thresholds must be finite numbers >= 0, got \(quoted(t))")
        }
        if let attribute { try CoreError.require(!attribute.isEmpty, "tally_by: the attribute name must not be empty") }
        let thresholds = Array(Set(serviceLevels)).sorted()
        statisticsStore[task].details = thresholds.isEmpty && attribute == nil ? nil : WaitDetails(thresholds: thresholds, attribute: attribute)
        counter.measuresWaitDetails = statisticsStore.array.contains { $0.details != nil }
    }

    /// Records a wait of a task that measures details (called from `startService` only when one does).
    @inline(never)
    func recordWaitDetails(task: Int, slot: Int32, wait: Double) {
        guard let attribute = statisticsStore[task].details?.attribute else {
            statisticsStore[task].details?.record(wait, value: nil)
            return
        }
        let r = table.records[Int(slot)]
        var value = r.hasAttributes ? table.attributes[slot]?[attribute] : nil
        if value == nil && attribute == "priority" { value = .int(Int(r.priority)) }
        statisticsStore[task].details?.record(wait, value: AttributeKey(value))
    }
}
