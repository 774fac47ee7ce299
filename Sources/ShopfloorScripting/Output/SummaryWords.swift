import Foundation

/// The words of the text summary table, in the scenario's language (`--set lang=ko`): headings and
/// the totals line. Task, pool, fruit and juice names are the script's identifiers and are never
/// translated (JSON and traces carry them as written).
public struct SummaryWords: Sendable {
    public var taskClass, served, meanWait, p95Wait, maxWait, balked, reneged: String
    public var pool, tellers, utilisation: String
    public var fruit, final, minimum, mean, lost, delivered: String
    public var juice, made, failed: String
    /// `0.70 s`
    public var seconds: @Sendable (Double) -> String
    /// `24 served in 12.60 s of simulated time`
    public var totals: @Sendable (_ served: Int, _ seconds: Double) -> String
    /// `, 3 turned away (order short)`
    public var turnedAway: @Sendable (Int) -> String
    /// `, 5 refused at the closed door` (``Simulation/closeDoor(at:)``)
    public var refused: @Sendable (Int) -> String
    /// `, 1 still inside`
    public var stillInside: @Sendable (Int) -> String
    /// `16 made, 84 failed: fill rate 16.0 %`
    public var orders: @Sendable (_ made: Int, _ failed: Int, _ fillRate: Double) -> String
    /// Before the summary of a run stopped early, by Ctrl-C (`interrupted`) or by `q` in the live view.
    public var interrupted: @Sendable (_ clock: Double) -> String
    public var quit: @Sendable (_ clock: Double) -> String
    /// The network and wait-detail sections' words.
    public var network: NetworkSummaryWords

    public static let english = SummaryWords(
        taskClass: "class", served: "served", meanWait: "mean wait", p95Wait: "p95 wait", maxWait: "max wait",
        balked: "balked", reneged: "reneged", pool: "pool", tellers: "tellers", utilisation: "utilisation",
        fruit: "fruit", final: "final", minimum: "min", mean: "mean", lost: "lost", delivered: "delivered",
        juice: "juice", made: "made", failed: "failed",
        seconds: { String(format: "%.2f s", $0) },
        totals: { String(format: "%d served in %.2f s of simulated time", $0, $1) },
        turnedAway: { ", \($0) turned away (order short)" },
        refused: { ", \($0) refused at the closed door" },
        stillInside: { ", \($0) still inside" },
        orders: { String(format: "%d made, %d failed: fill rate %.1f %%", $0, $1, $2 * 100) },
        interrupted: { String(format: "interrupted at %.3f s of simulated time: the summary covers the run so far", $0) },
        quit: { String(format: "stopped (q) at %.3f s of simulated time: the summary covers the run so far", $0) },
        network: .english)

    public static let korean = SummaryWords(
        taskClass: "업무", served: "처리", meanWait: "평균 대기", p95Wait: "95% 대기", maxWait: "최대 대기",
        balked: "돌아감", reneged: "대기 포기", pool: "창구", tellers: "직원", utilisation: "가동률",
        fruit: "과일", final: "최종", minimum: "최소", mean: "평균", lost: "손실", delivered: "입고",
        juice: "쥬스", made: "제조", failed: "실패",
        seconds: { String(format: "%.2f초", $0) },
        totals: { String(format: "처리 %d명, 모의 시간 %.2f초", $0, $1) },
        turnedAway: { ", 재료가 모자라 돌아간 손님 \($0)명" },
        refused: { ", 문이 닫혀 못 들어온 손님 \($0)명" },
        stillInside: { ", 아직 안에 \($0)명" },
        orders: { String(format: "제조 %d잔, 실패 %d잔: 충족률 %.1f %%", $0, $1, $2 * 100) },
        interrupted: { String(format: "모의 시간 %.3f초에 중단되었습니다: 아래 요약은 그때까지의 결과입니다", $0) },
        quit: { String(format: "모의 시간 %.3f초에 끝냈습니다 (q): 아래 요약은 그때까지의 결과입니다", $0) },
        network: .korean)

    /// The words for a scenario's `lang` parameter (`ko` → Korean; anything else, or none → English).
    public static func forLanguage(_ lang: String?) -> SummaryWords {
        lang == "ko" ? .korean : .english
    }
}

extension World {
    /// The summary's words in the scenario's language: its `lang` parameter, if it declares one.
    public var summaryWords: SummaryWords { SummaryWords.forLanguage(parameters.values["lang"]?.stringValue) }
}
