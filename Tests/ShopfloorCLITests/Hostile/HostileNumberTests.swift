import Foundation
import Testing

/// Every Lua number the scripting layer turns into a Swift integer or a time is range-checked: NaN,
/// ±inf, 1e308, fractions where an integer is needed and `math.maxinteger` where a sum could overflow
/// are refused with the parameter's name and range — never a trap, never silently another value
/// (`count = 2.5` used to mean one teller; `run { served = math.maxinteger }` overflowed and crashed).
@Suite("Hostile: numbers out of range")
struct HostileNumberTests {
    static let counter = """
        local c = shopfloor.counter "c"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a" }

        """
    static let stock = """
        local stock = shopfloor.stock()
        stock:item { name = "kiwi", count = 10 }

        """

    /// Runs `shopfloor run s.lua` in a fresh folder; checks the folder holds only the script after.
    func attack(_ script: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let r = try Shell.run(["run", "s.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.lua"])
        return r
    }

    @Test(arguments: [
        ("c:tellers { skill = \"a\", count = 2.5, name = \"b\" }", "tellers: 'count' must be an integer from 1 to 100000, got 2.5"),
        ("c:tellers { skill = \"a\", count = 0/0, name = \"b\" }", "tellers: 'count' must be an integer from 1 to 100000, got "),
        ("c:task { name = \"b\", capacity = math.huge }", "task: 'capacity' must be an integer from 0 to 1000000000000000, got inf"),
        ("c:task { name = \"b\", capacity = -1 }", "task: 'capacity' must be an integer from 0 to 1000000000000000, got -1"),
        ("c:arrive { task = \"a\", priority = 2^31 }",
         "arrive: 'priority' must be an integer from -2147483648 to 2147483647, got 2147483648.0"),
        ("c:arrive { task = \"a\", patience = 0/0 }", "arrive: 'patience' must be a number >= 0, got "),
        ("c:arrive { task = \"a\", patience = 1e309 }", "arrive: 'patience' must be a number >= 0, got inf"),
        ("c:arrivals { rate = 0/0, mix = { a = 1 } }", "arrivals: 'rate' must be a number > 0 (customers per second), got "),
        ("c:arrivals { rate = 1, mix = { a = -1 } }", "arrivals: weight of 'a' must be a number >= 0, got -1"),
        ("shopfloor.stop { served = math.huge }", "stop: 'served' must be an integer from 1 to 1000000000000000, got inf"),
        ("shopfloor.stop { time = 0/0 }", "stop: 'time' must be a number >= 0, got "),
        ("c:run { served = math.maxinteger }",
         "run: 'served' must be an integer from 1 to 1000000000000000, got 9223372036854775807"),
        ("c:run { ['until'] = 1e308 * 10 }", "run: 'until' must be a number >= 0, got inf"),
        ("c:generate(function() end, { batch = 0/0 })", "generate: 'batch' must be an integer from 1 to 1048576, got "),
        ("shopfloor.params { n = { default = 1, max = 0/0 } }", "parameter 'n': 'max' must be a finite number, got "),
    ])
    func test_counterNumbers_outOfRange_areRefusedWithNameAndRange(line: String, message: String) throws {
        let r = try attack(Self.counter + line + "\n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: s.lua:4: " + message), "\(r.stderr)")
    }

    @Test(arguments: [
        ("stock:item { name = \"fig\", count = 1e308 }", "s.lua:3: item 'fig': 'count' must be an integer from 0 to 1000000000000000, got 1e+308"),
        ("stock:item { name = \"fig\", capacity = 0.5 }", "s.lua:3: item 'fig': 'capacity' must be an integer from 0 to 1000000000000000, got 0.5"),
        ("stock:add(\"kiwi\", math.maxinteger)",
         "s.lua:3: stock: 'kiwi' would hold more than 1000000000000000 units with those on order (has 10, adding 9223372036854775807)"),
        ("stock:restock(\"kiwi\", 10^15 - 20, 1); stock:restock(\"kiwi\", 11, 1)",
         "s.lua:3: stock: 'kiwi' would hold more than 1000000000000000 units with those on order (has 999999999999990, adding 11)"),
        ("stock:add(\"kiwi\", 0/0)", "s.lua:3: bad argument #2 to 'add' (number has no integer representation)"),
        ("stock:recipe(\"big\", { kiwi = math.maxinteger })",
         "s.lua:3: recipe 'big': count of 'kiwi' must be at most 1000000000000000, got 9223372036854775807"),
    ])
    func test_stockNumbers_outOfRange_areRefusedWithNameAndRange(line: String, message: String) throws {
        let r = try attack(Self.stock + line + "\n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
    }

    @Test func test_generatorAnswer_priorityOutOfRange_namesTheGeneratorsLine() throws {
        let r = try attack(Self.counter + """
            c:generate(function() return 1, "a", { priority = 2^40 } end)
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix(
            "error: s.lua:4: customer: 'priority' must be an integer from -2147483648 to 2147483647, got 1099511627776.0\n"), "\(r.stderr)")
    }
}
