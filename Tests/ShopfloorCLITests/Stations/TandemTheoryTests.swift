import Foundation
import Testing

/// Two M/M/1 stations in tandem built through the Lua API (`route = "second.b"`), against Jackson: the end-to-end
/// mean time in system is the sum of the two M/M/1 values, W = 1/(μ − λ) each. λ = 0.4, μ = 1 (ρ = 0.4), about
/// 100,000 customers, seed 7: the standard error of a mean is below 1 %, the tolerance 2 %.
@Suite("A Lua tandem of two M/M/1 stations agrees with Jackson")
struct TandemTheoryTests {
    static let scenario = """
        local first = shopfloor.counter "first"
        local second = shopfloor.counter "second"
        first:task { name = "a", service = shopfloor.exponential(1), route = "second.b" }
        second:task { name = "b", service = shopfloor.exponential(1) }
        first:tellers { skill = "a" }
        second:tellers { skill = "b" }
        first:arrivals { rate = 0.4, mix = { a = 1 } }
        shopfloor.stop { time = 250000 }

        """

    @Test func test_tandem_timeInSystemAndStations_matchTheory() throws {
        let folder = try TemporaryFolder()
        folder.write("tandem.lua", Self.scenario)
        let r = try Shell.run(["run", "tandem.lua", "--format", "json", "--seed", "7"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let lambda = 0.4, mu = 1.0
        let w = 1 / (mu - lambda)
        let journeys = try #require(object["journeys"] as? [String: [String: Any]])
        let all = try #require(journeys["*"])
        let time = try #require((all["time_in_system"] as? [String: Any])?["mean"] as? Double)
        #expect(abs(time - 2 * w) / (2 * w) < 0.02, "time in system \(time) vs \(2 * w)")
        #expect(all["mean_visits"] as? Double == 2)
        #expect((all["completed"] as? Int ?? 0) > 90_000)
        let stations = try #require(object["stations"] as? [String: [String: Any]])
        for name in ["first", "second"] {
            let station = try #require(stations[name])
            let inStation = try #require((station["time_in_station"] as? [String: Any])?["mean"] as? Double)
            #expect(abs(inStation - w) / w < 0.02, "\(name): time in station \(inStation) vs \(w)")
            let utilisation = try #require(station["utilization"] as? Double)
            #expect(abs(utilisation - lambda / mu) < 0.01, "\(name): utilisation \(utilisation)")
        }
        // Little: the mean number in the system is λ × the mean time in it.
        let meanInSystem = try #require(object["mean_in_system"] as? Double)
        #expect(abs(meanInSystem - lambda * 2 * w) / (lambda * 2 * w) < 0.02, "mean in system \(meanInSystem)")
    }
}
