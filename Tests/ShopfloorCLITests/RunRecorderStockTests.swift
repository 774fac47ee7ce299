import Foundation
import ShopfloorCore
@testable import ShopfloorScripting
import Testing

/// What the report charts of the stock (``RunRecorder``) is read from the stock itself at each sample, not from a
/// whole summary per sample (which made `--report` of scripts/juice.lua take over a minute in a debug build):
/// the same figures the summary gives — levels, orders made and failed, units delivered since the last sample.
@Suite("The report's stock series")
struct RunRecorderStockTests {
    @Test func test_everySample_holdsTheSummarysStockFigures_atThatTime() throws {
        let world = try Scenario.load(Shell.repository.path + "/scripts/juice.lua", options: ScenarioOptions())
        let recorder = RunRecorder()
        recorder.sample(world.simulation)
        var delivered: [String: Int] = [:]
        var samples = 0, calls = 0
        // Sampled between slices of the run, as `shopfloor run --report` does; every 25th sample compared with a
        // whole summary (a summary per sample is what was slow).
        try Scenario.run(world, progress: { _ in
            let kept = recorder.stockLevel.times.count
            recorder.sample(world.simulation)
            calls += 1
            let at = recorder.stockLevel.times.count - 1
            guard at >= kept else { return }  // no sample kept (no time passed, or between strides)
            defer { for item in world.simulation.stock.items { delivered[item.name] = item.deliveredUnits } }
            guard calls % 25 == 0 else { return }
            guard let stock = world.simulation.summary().stock else { Issue.record("no stock"); return }
            #expect(recorder.stockLevel.times[at] == world.simulation.now)
            for item in stock.items {
                #expect(recorder.stockLevel.values[item.name]?[at] == Double(item.count), "\(item.name) at \(at)")
                #expect(recorder.deliveries.values[item.name]?[at] == Double(item.deliveredUnits - (delivered[item.name] ?? 0)))
            }
            #expect(recorder.orders.values["made"]?[at] == Double(stock.made))
            #expect(recorder.orders.values["failed"]?[at] == Double(stock.failed))
            samples += 1
        })
        #expect(samples > 10, "\(samples) samples compared")
        #expect(recorder.orders.values["made"]?.last ?? 0 > 0, "the juice bar made something")
        #expect(recorder.deliveries.values.values.contains { $0.contains { $0 > 0 } }, "something was delivered")
    }
}
