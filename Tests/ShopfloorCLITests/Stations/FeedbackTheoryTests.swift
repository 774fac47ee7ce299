import Foundation
import Testing

/// A Jackson network with feedback built through the Lua API and run by the CLI: Poisson arrivals (λ = 0.3) at
/// station a (M/M/1, μ = 1), on to station b (M/M/1, μ = 1.25), from where a customer goes back to a with
/// probability p = 0.3 (a probability route) or leaves. The traffic equations give each station's throughput
/// Λ = λ / (1 − p) = 3/7; Jackson's theorem makes each station an M/M/1 with that rate: utilisation ρ = Λ/μ and
/// mean number in the station L = ρ / (1 − ρ). A customer visits each station 1/(1 − p) times on average, and the
/// network's throughput is λ. Seed 11, 250,000 s (about 75,000 customers, 107,000 visits per station): the
/// standard errors are well below 1 %; the tolerance is 2 %.
@Suite("A Lua Jackson network with feedback agrees with the traffic equations")
struct FeedbackTheoryTests {
    static let lambda = 0.3, p = 0.3
    static let scenario = """
        local a = shopfloor.counter "a"
        local b = shopfloor.counter "b"
        a:task { name = "work", service = shopfloor.exponential(1), route = "b.work" }
        b:task { name = "work", service = shopfloor.exponential(0.8), route = { ["a.work"] = 0.3, exit = 0.7 } }
        a:tellers { skill = "work" }
        b:tellers { skill = "work" }
        a:arrivals { rate = 0.3, mix = { work = 1 } }
        shopfloor.stop { time = 250000 }

        """

    static func within(_ measured: Double, _ expected: Double, _ what: String) {
        #expect(abs(measured - expected) / expected < 0.02, "\(what): \(measured) vs \(expected)")
    }

    @Test func test_feedback_throughputAndMeanNumberPerStation_matchTheTrafficEquations() throws {
        let folder = try TemporaryFolder()
        folder.write("feedback.lua", Self.scenario)
        let r = try Shell.run(["run", "feedback.lua", "--format", "json", "--seed", "11"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let span = try #require(object["end_time"] as? Double) - (object["start_time"] as? Double ?? 0)
        #expect(span == 250_000)
        let throughput = Self.lambda / (1 - Self.p)
        let stations = try #require(object["stations"] as? [String: [String: Any]])
        for (name, mu) in [("a", 1.0), ("b", 1.25)] {
            let station = try #require(stations[name], "station \(name)")
            let rho = throughput / mu
            Self.within(Double(try #require(station["arrived"] as? Int)) / span, throughput, "\(name): throughput")
            Self.within(try #require(station["utilization"] as? Double), rho, "\(name): utilisation")
            Self.within(try #require(station["mean_in_station"] as? Double), rho / (1 - rho), "\(name): mean number")
        }
        let all = try #require((object["journeys"] as? [String: [String: Any]])?["*"])
        Self.within(Double(try #require(all["completed"] as? Int)) / span, Self.lambda, "network throughput")
        Self.within(try #require(all["mean_visits"] as? Double), 2 / (1 - Self.p), "visits per customer (both stations)")
        #expect(all["lost"] as? Int == 0)
    }
}
