import Foundation
import Testing

/// The text summary's network and wait-detail sections speak the scenario's language like the rest of the table
/// (`--set lang=ko`): station and journey headings, the mean number in the system, a task's percentiles, service
/// level, tallies and reneged waits. They used to stay English in a Korean summary.
@Suite("The network sections of the text summary in the scenario's language")
struct NetworkSummaryWordsTests {
    static let script = """
        local p = shopfloor.params { lang = { default = "en", choices = { "en", "ko" }, description = "language" } }
        local desk = shopfloor.counter "desk"
        local tellers = shopfloor.counter "tellers"
        desk:task { name = "ask", service = shopfloor.exponential(0.8), route = "tellers.pay" }
        tellers:task { name = "pay", service = shopfloor.exponential(0.9), patience = shopfloor.exponential(3),
                       service_level = { 2 }, tally_by = "vip" }
        desk:tellers { skill = "ask" }
        tellers:tellers { skill = "pay" }
        desk:arrivals { rate = 1, mix = { ask = 1 } }
        shopfloor.stop { time = 400 }

        """

    func summary(_ lang: String) throws -> String {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.script)
        let r = try Shell.run(["run", "s.lua", "--seed", "5", "--set", "lang=\(lang)"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    @Test func test_korean_networkSectionsTranslated() throws {
        let text = try summary("ko")
        for word in ["창구 단계", "여정", "안에 있는 평균 인원", "tellers.pay 대기:", "tellers.pay 서비스 수준: P(대기 ≤ 2.00초)",
                     "tellers.pay vip별 대기:", "tellers.pay 대기 포기까지: 평균", "전체"] {
            #expect(text.contains(word), "missing '\(word)' in:\n\(text)")
        }
        for english in ["station", "journey", "mean number in system", "service level", "waits by", "reneged after", " mean,"] {
            #expect(!text.contains(english), "English '\(english)' left in:\n\(text)")
        }
    }

    @Test func test_english_unchanged() throws {
        let text = try summary("en")
        for line in ["station", "journey", "mean number in system", "tellers.pay wait: p50", "tellers.pay service level: P(wait ≤ 2.00 s)",
                     "tellers.pay waits by vip: (none)", "tellers.pay reneged after:"] {
            #expect(text.contains(line), "missing '\(line)' in:\n\(text)")
        }
    }
}
