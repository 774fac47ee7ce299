/// Wait figures a task measures only when asked (``Simulation/measureWaits(ofTask:serviceLevels:by:)``): the
/// service level — how many waited at most t, per threshold, counted exactly (not from the histogram's buckets) —
/// and the waits per value of a named customer attribute (`priority`, `vip`…), without a hook.
public struct WaitDetails: Sendable {
    /// Thresholds in seconds, increasing.
    public let thresholds: [Double]
    /// Per threshold: customers whose wait was at most it (among those who started service).
    public private(set) var within: [Int]
    /// The attribute whose values split the waits; `nil` = none.
    public let attribute: String?
    /// Waits per attribute value (``AttributeKey``); customers without the attribute are under ``AttributeKey/missing``.
    public private(set) var byValue: [AttributeKey: DurationStatistics] = [:]

    init(thresholds: [Double], attribute: String?) {
        self.thresholds = thresholds
        self.within = Array(repeating: 0, count: thresholds.count)
        self.attribute = attribute
    }

    mutating func record(_ wait: Double, value: AttributeKey?) {
        for (k, t) in thresholds.enumerated() where wait <= t { within[k] &+= 1 }
        if let value { byValue[value, default: DurationStatistics()].record(wait) }
    }

    mutating func reset() {
        within = Array(repeating: 0, count: thresholds.count)
        byValue = [:]
    }
}

/// An attribute value as a tally key: its text (`true`, `3`, `2.5`, `gold`), or missing. Sorted by text, missing last,
/// so reports never depend on dictionary order.
public enum AttributeKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    case value(String)
    case missing

    init(_ value: AttributeValue?) {
        switch value {
        case .bool(let b)?: self = .value(b ? "true" : "false")
        case .int(let i)?: self = .value(String(i))
        case .double(let d)?: self = .value(quoted(d))
        case .string(let s)?: self = .value(s)
        case nil: self = .missing
        }
    }

    public var description: String {
        switch self {
        case .value(let text): return text
        case .missing: return "(none)"
        }
    }

    public static func < (a: AttributeKey, b: AttributeKey) -> Bool {
        switch (a, b) {
        case let (.value(x), .value(y)): return x < y
        case (.value, .missing): return true
        default: return false
        }
    }
}

extension TaskStatistics {
    /// The service levels measured, as summary values (empty when none were asked for).
    var serviceLevels: [ServiceLevel] {
        guard let details else { return [] }
        return zip(details.thresholds, details.within).map { ServiceLevel(threshold: $0, within: $1, of: started) }
    }

    /// The waits per attribute value, as a summary value (`nil` when no attribute was asked for).
    var waitsBy: AttributeTally? {
        guard let details, let attribute = details.attribute else { return nil }
        let values = details.byValue.keys.sorted().map { AttributeTally.Value(value: $0.description, wait: details.byValue[$0]!.summary) }
        return AttributeTally(attribute: attribute, values: values)
    }
}

extension TellerPool {
    /// Time-average number of busy tellers over the measured time until `time`.
    func meanBusy(until time: Double) -> Double {
        let span = time - busy.start
        return span > 0 ? busy.area(until: time) / span : 0
    }
}
