import Foundation
import ShopfloorScripting

/// The live view's own words (header, keys line, status, `+N more`), in the scenario's language:
/// `--set lang=ko` gives Korean throughout, as the scenario's own lines and the summary table do.
struct ViewWords: Sendable {
    var seed: String
    var speed: String
    var paused: String
    var finished: String
    var pauseKey: String
    var speedKeys: String
    var quitKey: String
    /// `+12 more`
    var more: @Sendable (Int) -> String
    /// `reloaded scripts/recipes.lua`
    var reloaded: @Sendable (String) -> String
    /// After a refused edit, the files are back to the text in force.
    var backToLoaded: String
    /// The view without a scenario view function: `clock 12.50 s · 8 served`, `deposit: 3 waiting`.
    var clock: @Sendable (Double, Int) -> String
    var waiting: @Sendable (String, Int) -> String

    static let english = ViewWords(
        seed: "seed", speed: "speed", paused: "PAUSED", finished: "finished",
        pauseKey: "space pause", speedKeys: "+/- speed", quitKey: "q quit",
        more: { "+\($0) more" },
        reloaded: { "reloaded \($0)" },
        backToLoaded: "the scripts are back to the version in force; the refused edit no longer applies",
        clock: { String(format: "clock %.2f s · %d served", $0, $1) },
        waiting: { "\($0): \($1) waiting" })

    static let korean = ViewWords(
        seed: "시드", speed: "속도", paused: "일시정지", finished: "종료",
        pauseKey: "space 일시정지", speedKeys: "+/- 속도", quitKey: "q 끝내기",
        more: { "+\($0)개 더" },
        reloaded: { "\($0) 다시 읽음" },
        backToLoaded: "스크립트가 실행 중인 버전으로 돌아왔습니다. 거부된 수정은 더 이상 없습니다",
        clock: { String(format: "시각 %.2f초 · 처리 %d명", $0, $1) },
        waiting: { "\($0): 대기 \($1)명" })

    /// The words for the scenario's `lang` parameter (`ko` → Korean; anything else → English).
    static func of(_ world: World) -> ViewWords {
        world.parameters.values["lang"]?.stringValue == "ko" ? .korean : .english
    }
}
