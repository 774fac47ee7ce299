import Foundation
import Testing

/// `scripts/juice_console.lua`, the seed app in a terminal, driven through piped standard input.
@Suite("The juice console end to end")
struct JuiceConsoleTests {
    func console(_ input: String, _ extra: [String] = []) throws -> Shell.Result {
        try Shell.run(["run", "scripts/juice_console.lua"] + extra, stdin: input)
    }

    func lines(_ r: Shell.Result) -> [String] {
        r.stdout.split(separator: "\n").map { String($0).replacingOccurrences(of: "> ", with: "") }.filter { !$0.isEmpty }
    }

    @Test func test_menu_listsJuicesWithNumbersAndTheStock() throws {
        let r = try console("q\n")
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("""
            == Juice maker ==
             1  strawberry juice         (strawberry 16)
             2  banana juice             (banana 2)
             3  kiwi juice               (kiwi 3)
             4  pineapple juice          (pineapple 2)
             5  strawberry-banana juice  (banana 1, strawberry 10)
             6  mango juice              (mango 3)
             7  mango-kiwi juice         (kiwi 1, mango 2)
            In stock: strawberry 10 · banana 10 · pineapple 10 · kiwi 10 · mango 10

            """))
        #expect(r.stdout.hasSuffix("Goodbye.\n"))
    }

    @Test func test_order_madeTakesEveryIngredient() throws {
        let r = try console("5\n")
        #expect(r.status == 0)
        let out = lines(r)
        #expect(out.contains("Strawberry-banana juice is ready. Enjoy!"))
        #expect(out.contains("In stock: strawberry 0 · banana 9 · pineapple 10 · kiwi 10 · mango 10"))
    }

    @Test func test_order_shortTakesNothing_andOffersTheEditor() throws {
        // Strawberry juice needs 16: refused; edit strawberry to 16 (+ then set), order again: made.
        let r = try console("1\ny\n1\n+\n16\nb\nb\n1\n")
        #expect(r.status == 0, "\(r.stderr)")
        let out = lines(r)
        #expect(out.contains("Not enough fruit for strawberry juice (strawberry: need 16, have 10)."))
        #expect(r.stdout.contains("Edit the stock? (y/n) > "))
        #expect(r.stdout.contains("strawberry: 11. +: one more"))
        #expect(r.stdout.contains("strawberry: 16. +: one more"))
        #expect(out.contains("Strawberry juice is ready. Enjoy!"))
        #expect(out.suffix(2).first == "In stock: strawberry 0 · banana 10 · pineapple 10 · kiwi 10 · mango 10")
    }

    @Test func test_editor_neverGoesBelowZero() throws {
        let r = try console("s\n2\n0\n-\nabc\n-5\nb\nb\n2\n")
        #expect(r.status == 0)
        let out = lines(r)
        #expect(out.contains("stock: count of 'banana' must be >= 0, got -1"))
        #expect(out.contains("'abc' is not on the menu."))
        #expect(out.contains("stock: count of 'banana' must be >= 0, got -5"))
        #expect(out.contains("Not enough fruit for banana juice (banana: need 2, have 0)."))
    }

    @Test(arguments: ["", "1\n", "1\ny\n", "1\ny\n3\n", "s\n"])
    func test_endOfInput_quitsWithExit0_atAnyPrompt(input: String) throws {
        let r = try console(input)
        #expect(r.status == 0)
        #expect(r.stderr == "")
    }

    @Test func test_korean_linesAreTheSeedAppsOwn() throws {
        let r = try console("5\n1\nn\nq\n", ["--set", "lang=ko"])
        #expect(r.status == 0)
        // Korean throughout (issue 12, item 12): fruit and juice names, and what was short.
        #expect(r.stdout.contains("딸기바나나 쥬스 나왔습니다! 맛있게 드세요!"))
        #expect(r.stdout.contains("재료가 모자라요 (딸기 쥬스: 딸기 16개 필요, 0개 있음)."))
        #expect(r.stdout.contains("재고를 수정할까요? (y/n) > "))
    }
}
