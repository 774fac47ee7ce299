import ShopfloorCore

/// Records what a report charts while `Scenario.run` advances in slices: per line the
/// time-weighted mean length over each interval, per pool the utilisation over each interval,
/// per item the stock level, cumulative orders made and failed, and deliveries. Memory is
/// bounded (`SampledSeries`); the run itself is not disturbed (sampling reads, never schedules).
/// Lines and pools are keyed as ``Simulation/reportKey(ofTask:)`` says: `station.task` once there are
/// several stations (two may each have a `deposit` line), plain names with one.
public final class RunRecorder {
    public private(set) var queueLength = SampledSeries()
    public private(set) var utilisation = SampledSeries()
    public private(set) var stockLevel = SampledSeries()
    public private(set) var orders = SampledSeries()
    /// Units delivered per item between samples (a mark on the stock chart where positive).
    public private(set) var deliveries = SampledSeries()

    private var lastTime: Double?
    private var lastLineArea: [Double] = []
    private var lastBusyArea: [Double] = []
    private var lastDelivered: [String: Int] = [:]

    public init() {}

    /// Takes a sample of `simulation` now.
    public func sample(_ simulation: Simulation) {
        let now = simulation.now
        let lines = simulation.lines
        let pools = simulation.pools
        let lineKeys = lines.indices.map(simulation.reportKey(ofTask:))
        let poolKeys = pools.indices.map(simulation.reportKey(ofPool:))
        let lineArea = lines.map { $0.length.area(until: now) }
        let busyArea = pools.map { $0.busy.area(until: now) }
        defer {
            lastTime = now
            lastLineArea = lineArea
            lastBusyArea = busyArea
        }
        guard let last = lastTime, now > last, lastLineArea.count == lineArea.count, lastBusyArea.count == busyArea.count else {
            return
        }
        let dt = now - last
        queueLength.offer(time: now) {
            Dictionary(uniqueKeysWithValues: lines.indices.map { (lineKeys[$0], (lineArea[$0] - lastLineArea[$0]) / dt) })
        }
        utilisation.offer(time: now) {
            Dictionary(uniqueKeysWithValues: pools.indices.map {
                (poolKeys[$0], (busyArea[$0] - lastBusyArea[$0]) / (dt * Double(max(1, pools[$0].tellers.count))))
            })
        }
        // The stock read directly, not through `simulation.summary()`: a summary per sample (every task's
        // percentiles) made `--report` of scripts/juice.lua take 70-80 s instead of under a second (debug build).
        let stock = simulation.stock
        guard !stock.items.isEmpty else { return }
        stockLevel.offer(time: now) { Dictionary(uniqueKeysWithValues: stock.items.map { ($0.name, Double($0.count)) }) }
        orders.offer(time: now) {
            ["made": Double(stock.recipes.map(\.made).reduce(0, +)), "failed": Double(stock.recipes.map(\.failed).reduce(0, +))]
        }
        deliveries.offer(time: now) {
            var out: [String: Double] = [:]
            for item in stock.items {
                out[item.name] = Double(item.deliveredUnits - (lastDelivered[item.name] ?? 0))
                lastDelivered[item.name] = item.deliveredUnits
            }
            return out
        }
    }
}
