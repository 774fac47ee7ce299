import Foundation
import Testing

/// `--set lang=ko` gives Korean throughout: the scenario's lines, the summary table's headings and
/// totals, the juice console's fruit and juice names and what was short. Identifiers (task, pool,
/// fruit names in JSON and traces) stay as written.
@Suite("Korean output")
struct KoreanOutputTests {
    @Test func test_bank_summaryTable_inKorean() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--set", "lang=ko"])
        #expect(r.status == 0)
        for heading in ["업무", "처리", "평균 대기", "95% 대기", "최대 대기", "돌아감", "대기 포기", "창구", "직원", "가동률"] {
            #expect(r.stdout.contains(heading), "\(heading)")
        }
        #expect(r.stdout.hasSuffix("처리 15명, 모의 시간 5.50초\n"), "\(r.stdout.suffix(100))")
        for english in ["class", "served", "mean wait", "utilisation", "simulated time"] {
            #expect(!r.stdout.contains(english), "\(english)")
        }
        #expect(r.stdout.contains("deposit "), "task names stay as written")
    }

    @Test func test_bank_json_keepsIdentifiers() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--set", "lang=ko", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let classes = object?["classes"] as? [String: Any]
        #expect(Set(classes?.keys.map { $0 } ?? []) == ["deposit", "loan"])
    }

    @Test func test_bank_english_isUnchanged() throws {
        let r = try Shell.run(["run", "scripts/bank.lua"])
        #expect(r.stdout.contains("class    served  mean wait  p95 wait  max wait  balked  reneged\n"))
        #expect(r.stdout.hasSuffix("\n15 served in 5.50 s of simulated time\n"))
    }

    @Test func test_replStats_followTheScenariosLanguage() throws {
        let r = try Shell.run(["repl", "scripts/bank.lua", "--set", "lang=ko"], stdin: ":run idle\n:stats\n")
        #expect(r.stdout.contains("처리 15명, 모의 시간 5.50초"))
    }

    @Test func test_juiceConsole_namesFruitAndJuiceAndShortageInKorean() throws {
        let r = try Shell.run(["run", "scripts/juice_console.lua", "--set", "lang=ko"], stdin: "1\nn\n5\nq\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains(" 5  딸기바나나 쥬스          (바나나 1, 딸기 10)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("재고: 딸기 10 · 바나나 10 · 파인애플 10 · 키위 10 · 망고 10\n"))
        #expect(r.stdout.contains("재료가 모자라요 (딸기 쥬스: 딸기 16개 필요, 10개 있음)."))
        #expect(r.stdout.contains("딸기바나나 쥬스 나왔습니다! 맛있게 드세요!"))
        for english in ["strawberry", "banana", "juice", "need"] {
            #expect(!r.stdout.contains(english), "\(english)")
        }
    }

    @Test func test_juiceConsole_english_keepsTheStocksOwnWords() throws {
        let r = try Shell.run(["run", "scripts/juice_console.lua"], stdin: "1\nn\nq\n")
        #expect(r.stdout.contains("Not enough fruit for strawberry juice (strawberry: need 16, have 10)."))
        #expect(r.stdout.contains(" 5  strawberry-banana juice  (banana 1, strawberry 10)\n"))
    }
}
