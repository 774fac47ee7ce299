import Foundation
import Testing

/// scripts/juice_counter.lua's prompt helpers (`add_stock`, `order`, `stock`, `menu`): a mistake is reported at
/// the prompt's line (`stdin:N:`), as the counter's own functions report theirs, not at the helper's line in
/// juice_counter.lua; a surplus argument is refused, as the host functions refuse theirs. Changed: the errors
/// named `scripts/juice_counter.lua:41:` (the helper's call of `counter:add`), and surplus arguments were dropped.
@Suite("The scripts' REPL helpers report the prompt's line")
struct JuiceCounterHelperTests {
    @Test func test_helperErrors_nameThePromptsLine_andChangeNothing() throws {
        let r = try Shell.run(["repl", "scripts/juice.lua"], stdin: """
            add_stock("kiwi", -1000)
            add_stock("kiwii", 1)
            x = order("nope")
            stock(1)
            order("kiwi juice", 3)
            print(stock().kiwi)

            """)
        #expect(r.status == 1)
        let errors = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("\t") && $0 != "stack traceback:" }
        #expect(errors == [
            "stdin:1: stock: count of 'kiwi' must be >= 0, got -800",
            "stdin:1: unknown fruit 'kiwii' (fruits: strawberry, banana, pineapple, kiwi, mango; did you mean 'kiwi'?)",
            "stdin:1: unknown juice 'nope' (juices: strawberry juice, banana juice, kiwi juice, pineapple juice, strawberry-banana juice, mango juice, mango-kiwi juice)",
            "stdin:1: bad argument #1 to 'stock' (no argument expected here, got 1)",
            "stdin:1: bad argument #2 to 'order' (no argument expected here, got 3)",
        ], "\(r.stderr)")
        // The prompt's frame is there (an expression line is not a tail call): the helper's caller, stdin:1.
        #expect(r.stderr.components(separatedBy: "\tstdin:1: in main chunk\n").count == 6, "\(r.stderr)")
        #expect(!r.stderr.contains("(...tail calls...)"), "\(r.stderr)")
        #expect(r.stdout == "200\n", "nothing was taken or added: \(r.stdout)")
    }

    /// scripts/bank.lua's `add_customers(n)`: -1 added nobody and returned -1, a second argument was dropped,
    /// and "x" failed at bank.lua's `for` line; each is refused at the prompt's line, and nobody is added.
    @Test func test_addCustomers_refusesWhatIsNoCount_atThePromptsLine() throws {
        let r = try Shell.run(["repl", "scripts/bank.lua"], stdin: """
            before = bank:stats().arrived
            add_customers(-1)
            add_customers("x")
            add_customers(2, 3)
            add_customers(1.5)
            bank:stats().arrived - before

            """)
        #expect(r.status == 1)
        let errors = r.stderr.split(separator: "\n").filter { !$0.hasPrefix("\t") && $0 != "stack traceback:" }
        #expect(errors == [
            "stdin:1: bad argument #1 to 'add_customers' (a whole number >= 0 expected, got -1)",
            "stdin:1: bad argument #1 to 'add_customers' (a whole number >= 0 expected, got x)",
            "stdin:1: bad argument #2 to 'add_customers' (no argument expected here, got 3)",
            "stdin:1: bad argument #1 to 'add_customers' (a whole number >= 0 expected, got 1.5)",
        ], "\(r.stderr)")
        #expect(r.stdout == "0\n", "\(r.stdout)")
    }
}
