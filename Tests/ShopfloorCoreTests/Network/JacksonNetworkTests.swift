import Testing
@testable import ShopfloorCore

/// Open Jackson networks against their product-form results, with fixed seeds (exactly repeatable) and a stated
/// tolerance of 2 %: a tandem of two M/M/1 stations (mean time in system = the sum of the two M/M/1 values) and two
/// stations with feedback (throughputs and mean numbers per station from the traffic equations). 10 000 journeys
/// of warm-up, then 250 000 measured; utilisations ≤ 0.6 keep the standard errors well under 1 %.
@Suite("Jackson networks")
struct JacksonNetworkTests {
    @Test("a tandem of two M/M/1 stations: mean time in system is the sum of the two M/M/1 sojourns")
    func tandem() throws {
        let lambda = 1.0, mu1 = 2.0, mu2 = 2.5
        let sim = try NetworkModels.tandem(seed: 17, lambda: lambda, mu1: mu1, mu2: mu2)
        sim.checksInvariantsAfterEachEvent = false
        try sim.run(untilCompleted: 10_000)
        sim.resetStatistics()
        try sim.run(untilCompleted: 10_000 + 250_000)
        let s = sim.summary()
        let expected = 1 / (mu1 - lambda) + 1 / (mu2 - lambda)
        let all = try #require(s.journeys.last)
        #expect(all.name == "*" && all.completed == 250_000 && all.meanVisits == 2 && all.maxVisits == 2)
        #expect(abs(all.timeInSystem.mean - expected) / expected < 0.02, "W = \(all.timeInSystem.mean), theory \(expected)")
        // The exit class is station two's task; station one's task ends no journey.
        #expect(s.journeys[0].name == "one.work" && s.journeys[0].completed == 0)
        #expect(s.journeys[1].name == "two.work" && s.journeys[1].completed == 250_000)
        // Per station: M/M/1 sojourns and numbers.
        for (station, mu) in zip(s.stations, [mu1, mu2]) {
            let w = 1 / (mu - lambda), l = (lambda / mu) / (1 - lambda / mu)
            #expect(abs(station.timeInStation.mean - w) / w < 0.02, "\(station.name): W \(station.timeInStation.mean) vs \(w)")
            #expect(abs(station.meanInStation - l) / l < 0.02, "\(station.name): L \(station.meanInStation) vs \(l)")
            #expect(abs(station.utilisation - lambda / mu) < 0.01)
        }
    }

    @Test("two stations with feedback: throughputs and mean numbers from the traffic equations")
    func feedback() throws {
        let gamma = 0.6, muA = 2.0, muB = 1.5, p = 0.25
        let sim = try NetworkModels.feedback(seed: 23, gamma: gamma, muA: muA, muB: muB, p: p)
        sim.checksInvariantsAfterEachEvent = false
        try sim.run(untilCompleted: 10_000)
        sim.resetStatistics()
        try sim.run(untilCompleted: 10_000 + 250_000)
        let s = sim.summary()
        let span = s.endTime - s.startTime
        // Traffic equations: λA = γ + p λB, λB = λA, so λA = λB = γ / (1 - p).
        let lambda = gamma / (1 - p)
        for (station, mu) in zip(s.stations, [muA, muB]) {
            let throughput = Double(station.served) / span
            let rho = lambda / mu, l = rho / (1 - rho)
            #expect(abs(throughput - lambda) / lambda < 0.02, "\(station.name): throughput \(throughput) vs \(lambda)")
            #expect(abs(station.meanInStation - l) / l < 0.02, "\(station.name): L \(station.meanInStation) vs \(l)")
        }
        let all = try #require(s.journeys.last)
        #expect(abs(Double(all.completed) / span - gamma) / gamma < 0.02)
        // Each round is two services; rounds are geometric with mean 1 / (1 - p).
        #expect(abs(all.meanVisits - 2 / (1 - p)) / (2 / (1 - p)) < 0.02, "visits \(all.meanVisits)")
        // Little's law end to end: mean time in system = (LA + LB) / γ.
        let expectedW = (lambda / muA / (1 - lambda / muA) + lambda / muB / (1 - lambda / muB)) / gamma
        #expect(abs(all.timeInSystem.mean - expectedW) / expectedW < 0.02, "W \(all.timeInSystem.mean) vs \(expectedW)")
        // Per-visit counts stay honest: every service is counted at its station.
        #expect(s.served == s.stations.reduce(0) { $0 + $1.served })
    }
}
