/// The words of the text summary's network and wait-detail sections (stations, journeys, the mean number in the
/// system; a task's percentiles, service level, tallies and reneged waits), in the scenario's language like the
/// rest of the table (``SummaryWords``). Station, task and attribute names are the script's and never translated.
public struct NetworkSummaryWords: Sendable {
    public var station, served, meanWait, utilisation, meanInside, blocked: String
    public var journey, completed, lost, visits, meanTime, p95Time: String
    /// The journey table's last row: every journey, whatever class it ended in.
    public var allJourneys: String
    /// `mean number in system 2.41`
    public var meanInSystem: @Sendable (Double) -> String
    /// `deposit wait: p50 …` — the task's name, then the label.
    public var wait, serviceLevel, reneged: String
    /// `P(wait ≤ 20.00 s) 81.2 % (406 of 500)`
    public var withinThreshold: @Sendable (_ threshold: String, _ fraction: Double, _ within: Int, _ of: Int) -> String
    /// `deposit waits by priority: `
    public var waitsBy: @Sendable (_ attribute: String) -> String
    /// `12.00 s mean, 40.00 s p95 (31)` (a tally's value) and `12.00 s mean, 40.00 s max (3)` (reneged waits).
    public var meanAndP95: @Sendable (_ mean: String, _ p95: String, _ count: Int) -> String
    public var meanAndMax: @Sendable (_ mean: String, _ max: String, _ count: Int) -> String

    public static let english = NetworkSummaryWords(
        station: "station", served: "served", meanWait: "mean wait", utilisation: "utilisation", meanInside: "mean inside",
        blocked: "blocked", journey: "journey", completed: "completed", lost: "lost", visits: "visits", meanTime: "mean time",
        p95Time: "p95 time", allJourneys: "all",
        meanInSystem: { String(format: "mean number in system %.2f", $0) },
        wait: "wait", serviceLevel: "service level", reneged: "reneged after",
        withinThreshold: { "P(wait ≤ \($0)) " + String(format: "%.1f %% (%d of %d)", $1 * 100, $2, $3) },
        waitsBy: { "waits by \($0)" },
        meanAndP95: { "\($0) mean, \($1) p95 (\($2))" },
        meanAndMax: { "\($0) mean, \($1) max (\($2))" })

    public static let korean = NetworkSummaryWords(
        station: "창구 단계", served: "처리", meanWait: "평균 대기", utilisation: "가동률", meanInside: "평균 인원",
        blocked: "막힘", journey: "여정", completed: "완료", lost: "이탈", visits: "방문", meanTime: "평균 시간",
        p95Time: "95% 시간", allJourneys: "전체",
        meanInSystem: { String(format: "안에 있는 평균 인원 %.2f명", $0) },
        wait: "대기", serviceLevel: "서비스 수준", reneged: "대기 포기까지",
        withinThreshold: { "P(대기 ≤ \($0)) " + String(format: "%.1f %% (%d명 중 %d명)", $1 * 100, $3, $2) },
        waitsBy: { "\($0)별 대기" },
        meanAndP95: { "평균 \($0), 95% \($1) (\($2)명)" },
        meanAndMax: { "평균 \($0), 최대 \($1) (\($2)명)" })
}
