import Testing
@testable import ShopfloorCore

/// The light observers (`onStartView`, `onFinishView`) see exactly what the full ones see, without a
/// `Customer` being built (scripts/bench/hooks).
@Suite struct CounterEventViewTests {
    /// One line per event, the same for either form.
    static func line(_ kind: CounterEventKind, _ time: Double, _ number: Int, _ task: Int, _ priority: Int,
                     _ arrival: Double, _ start: Double?, _ teller: Int?, _ attributes: [String: AttributeValue]?) -> String {
        "\(kind) \(time) \(number) \(task) \(priority) \(arrival) \(start.map { "\($0)" } ?? "-") \(teller ?? -1) \(attributes.map { "\($0.sorted { $0.key < $1.key })" } ?? "-")"
    }

    func run(seed: UInt64, light: Bool) throws -> [String] {
        let model = try RandomCounter(seed: seed)
        let sim = model.sim
        var lines: [String] = []
        if light {
            let record: (CounterEventView) -> Void = { v in
                lines.append(Self.line(v.kind, v.time, v.number, v.task, v.priority, v.arrivalTime,
                                       v.serviceStart.isNaN ? nil : v.serviceStart, v.teller >= 0 ? v.teller : nil, v.attributes))
            }
            sim.observers.onStartView = record
            sim.observers.onFinishView = record
        } else {
            let record: (CounterEvent) -> Void = { e in
                let c = e.customer
                lines.append(Self.line(e.kind, e.time, c.number, c.task, c.priority, c.arrivalTime, c.serviceStart,
                                       e.teller, c.attributes))
            }
            sim.observers.onStart = record
            sim.observers.onFinish = record
        }
        _ = try sim.arrive(CustomerSpec(task: 0, priority: 2, attributes: ["vip": .bool(true), "items": .int(3)]))
        try sim.run(until: 12)
        try sim.stopArrivals()
        try sim.runUntilIdle()
        sim.checkInvariants()
        return lines
    }

    @Test("onStartView/onFinishView deliver the same events, values and order as onStart/onFinish", arguments: [1, 2, 3, 7, 11])
    func sameAsFullObservers(seed: UInt64) throws {
        let full = try run(seed: seed, light: false)
        let light = try run(seed: seed, light: true)
        #expect(full.count > 2)
        #expect(light == full)
        #expect(light.contains { $0.contains("vip") })
    }

    @Test("a full observer takes precedence over a light one of the same kind")
    func fullObserverWins() throws {
        let sim = try RandomCounter(seed: 5).sim
        var full = 0, light = 0
        sim.observers.onFinish = { _ in full += 1 }
        sim.observers.onFinishView = { _ in light += 1 }
        try sim.run(until: 12)
        try sim.stopArrivals()
        try sim.runUntilIdle()
        #expect(full > 0)
        #expect(light == 0)
    }
}
