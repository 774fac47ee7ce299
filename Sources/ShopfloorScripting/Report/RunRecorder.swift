import ShopfloorCore

/// Records what a report charts while `Scenario.run` advances in slices: per line the
/// time-weighted mean length over each interval, per pool the utilisation over each interval,
/// per item the stock level, cumulative orders made and failed, and deliveries. Memory is
/// bounded (`SampledSeries`); the run itself is not disturbed (sampling reads, never schedules).
/// Lines and pools are keyed as ``Simulation/reportKey(ofTask:)`` says: `station.task` once there are
/// several stations (two may each have a `deposit` line), plain names with one.
public final class RunRecorder {
    public private(set) var queueLength = SampledSeries(kind: .intervalMean)
    public private(set) var utilisation = SampledSeries(kind: .intervalMean)
    public private(set) var stockLevel = SampledSeries(kind: .instant)
    public private(set) var orders = SampledSeries(kind: .instant)
    /// Units delivered per item between samples (a mark on the stock chart where positive).
    public private(set) var deliveries = SampledSeries(kind: .intervalSum)

    /// The last kept sample: its time and, per line and pool, the areas since the record began (warm-up
    /// included: ``TimeWeighted/totalArea(until:)``), so each point is the mean over the time since it.
    private var lastTime: Double?
    private var lastLineArea: [Double] = []
    private var lastBusyArea: [Double] = []
    private var lastPresentArea: [Double] = []
    private var lastDelivered: [String: Int] = [:]

    public init() {}

    /// Takes a sample of `simulation` now.
    public func sample(_ simulation: Simulation) {
        let now = simulation.now
        guard let last = lastTime else {
            for series in [\RunRecorder.queueLength, \.utilisation, \.stockLevel, \.orders, \.deliveries] {
                self[keyPath: series].begin(at: now)
            }
            remember(simulation, at: now)
            return
        }
        // An offer the series will not keep is not measured either: the next kept point then covers the
        // whole time since the last kept one (measuring here made it cover only the time since this offer).
        guard now > last, queueLength.keepsNextOffer else {
            if now > last { skipOffer(now, stock: !simulation.stock.items.isEmpty) }
            return
        }
        let lines = simulation.lines
        let pools = simulation.pools
        let lineKeys = lines.indices.map(simulation.reportKey(ofTask:))
        let poolKeys = pools.indices.map(simulation.reportKey(ofPool:))
        let lineArea = lines.map { $0.length.totalArea(until: now) }
        let busyArea = pools.map { $0.busy.totalArea(until: now) }
        let presentArea = pools.map { Self.presentArea($0, until: now) }
        let dt = now - last
        // A line or pool added since the last sample (tellers added while the run goes) starts from nothing.
        func delta(_ area: [Double], _ before: [Double], _ i: Int) -> Double { area[i] - (i < before.count ? before[i] : 0) }
        let lastLines = lastLineArea, lastBusy = lastBusyArea, lastPresent = lastPresentArea
        queueLength.offer(time: now) {
            Dictionary(uniqueKeysWithValues: lines.indices.map { (lineKeys[$0], delta(lineArea, lastLines, $0) / dt) })
        }
        // Busy time ÷ teller time present, as the summary's utilisation (a teller away on a break is not idle).
        utilisation.offer(time: now) {
            Dictionary(uniqueKeysWithValues: pools.indices.map { p in
                let present = p < lastPresent.count ? presentArea[p] - lastPresent[p] : Double(pools[p].tellers.count) * dt
                return (poolKeys[p], present > 0 ? delta(busyArea, lastBusy, p) / present : 0)
            })
        }
        lastTime = now
        lastLineArea = lineArea
        lastBusyArea = busyArea
        lastPresentArea = presentArea
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

    /// The per-series offer count moves on without a measurement (every series in step).
    private func skipOffer(_ now: Double, stock: Bool) {
        queueLength.offer(time: now) { [:] }
        utilisation.offer(time: now) { [:] }
        guard stock else { return }
        stockLevel.offer(time: now) { [:] }
        orders.offer(time: now) { [:] }
        deliveries.offer(time: now) { [:] }
    }

    private func remember(_ simulation: Simulation, at now: Double) {
        lastTime = now
        lastLineArea = simulation.lines.map { $0.length.totalArea(until: now) }
        lastBusyArea = simulation.pools.map { $0.busy.totalArea(until: now) }
        lastPresentArea = simulation.pools.map { Self.presentArea($0, until: now) }
    }

    /// Teller-seconds present since the pool's record began: every teller until its size first changed.
    private static func presentArea(_ pool: TellerPool, until time: Double) -> Double {
        pool.present?.totalArea(until: time) ?? Double(pool.tellers.count) * (time - pool.busy.origin)
    }
}
