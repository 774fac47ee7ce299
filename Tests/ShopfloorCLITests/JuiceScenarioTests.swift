import Foundation
import Testing

/// The juice bar end to end: recipe validation, the simulation's JSON and trace, stock rules, and editing
/// recipes without a rebuild.
@Suite("The juice bar end to end")
struct JuiceScenarioTests {
    /// A copy of `scripts/` in a temporary folder, to edit freely.
    static func scriptsCopy() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let source = Shell.repository.appendingPathComponent("scripts").path
        for name in try FileManager.default.subpathsOfDirectory(atPath: source) where name.hasSuffix(".lua") {
            folder.write(name, try String(contentsOfFile: source + "/" + name, encoding: .utf8))
        }
        return folder
    }

    static func edit(_ folder: TemporaryFolder, _ file: String, replacing old: String, with new: String) throws {
        let path = folder.path + "/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(file) should contain \(old)")
        folder.write(file, text.replacingOccurrences(of: old, with: new))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: Recipe validation

    static let kiwiLine = #"recipe "kiwi juice"              { kiwi = 3 }"#

    @Test(arguments: [
        (#"recipe "kiwi juice" { kiwi = 0 }"#, "recipes.lua:12: recipe 'kiwi juice': count of 'kiwi' must be a positive integer, got 0"),
        (#"recipe "kiwi juice" { kiwi = 1.5 }"#, "recipes.lua:12: recipe 'kiwi juice': count of 'kiwi' must be a positive integer, got 1.5"),
        (#"recipe "kiwi juice" { kiwi = "three" }"#, "recipes.lua:12: recipe 'kiwi juice': count of 'kiwi' must be a positive integer, got 'three'"),
        (#"recipe "kiwi juice" { kiwi = -2 }"#, "recipes.lua:12: recipe 'kiwi juice': count of 'kiwi' must be a positive integer, got -2"),
        (#"recipe "kiwi juice" { }"#, "recipes.lua:12: recipe 'kiwi juice' has no ingredients"),
        (#"recipe "kiwi juice" { kiwii = 3 }"#, "recipes.lua:12: recipe 'kiwi juice': unknown fruit 'kiwii' (fruits: strawberry, banana, pineapple, kiwi, mango; did you mean 'kiwi'?)"),
        (#"recipe "banana juice" { kiwi = 3 }"#, "recipes.lua:12: duplicate recipe 'banana juice' (first at recipes.lua:11)"),
    ])
    func test_badRecipe_isRefused_namingLineAndValue(line: String, message: String) throws {
        let folder = try Self.scriptsCopy()
        try Self.edit(folder, "recipes.lua", replacing: Self.kiwiLine, with: line)
        for script in ["juice.lua", "juice_console.lua"] {
            let r = try Shell.run(["run", script], stdin: "1\nq\n", in: URL(fileURLWithPath: folder.path))
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("error: " + message + "\n"), "\(script): \(r.stderr)")
            #expect(r.stdout == "", "nothing ran")
        }
    }

    @Test func test_badBook_loadsNothing() throws {
        let folder = try TemporaryFolder()
        folder.write("book.lua", """
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = 5 }
            local recipe = shopfloor.recipe
            print(pcall(stock.recipes, stock, { recipe "a" { kiwi = 1 }, recipe "b" { mango = 1 } }))
            print(#stock:recipes())
            print(pcall(stock.order, stock, "a"))
            """)
        let r = try Shell.run(["run", "book.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            false\tbook.lua:4: recipe 'b': unknown fruit 'mango' (fruits: kiwi)
            0
            false\tunknown juice 'a' (juices: none yet — add one with stock:recipe(name, {…}))

            """)
    }

    // MARK: The stock API from a script

    @Test func test_stockAPI_ordersAllOrNothing_andRefusesBadCounts() throws {
        let folder = try TemporaryFolder()
        folder.write("api.lua", """
            local stock = shopfloor.stock "juice bar"
            stock:items { { name = "strawberry", count = 10 }, { name = "banana", count = 0, capacity = 5 } }
            stock:recipe("strawberry-banana juice", { strawberry = 10, banana = 1 })
            stock:recipe("double", { strawberry = 16, banana = 2 })
            print(stock:order "double")
            print(stock:order "strawberry-banana juice")
            print(stock:add("banana", 1), stock:order "strawberry-banana juice", stock:count "strawberry")
            print(pcall(stock.add, stock, "banana", -1))
            print(pcall(stock.set, stock, "banana", 6))
            print(stock:set("banana", 5), stock:capacity "banana", stock:capacity "strawberry")
            print(pcall(stock.count, stock, "bananna"))
            print(tostring(stock))
            """)
        let r = try Shell.run(["run", "api.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            false\tbanana: need 2, have 0; strawberry: need 16, have 10
            false\tbanana: need 1, have 0
            1\ttrue\t0
            false\tstock: count of 'banana' must be >= 0, got -1
            false\tstock: count of 'banana' must be <= capacity 5, got 6
            5\t5\tnil
            false\tunknown fruit 'bananna' (fruits: strawberry, banana; did you mean 'banana'?)
            juice bar: strawberry 0, banana 5

            """)
    }

    @Test func test_ruleError_namesFileAndLine_andLeavesStockConsistent() throws {
        let folder = try TemporaryFolder()
        folder.write("rules.lua", """
            local stock = shopfloor.stock()
            stock:items { { name = "kiwi", count = 10 } }
            stock:recipe("kiwi juice", { kiwi = 3 })
            stock:rule(function(fruit, count, pending) if count < 5 then error("no supplier for " .. fruit) end end)
            print(stock:order "kiwi juice")
            print(pcall(stock.order, stock, "kiwi juice"))
            print(stock:count "kiwi", stock:pending "kiwi", stock:recipes()[1].made)
            """)
        let r = try Shell.run(["run", "rules.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "true\nfalse\trules.lua:4: no supplier for kiwi\n4\t0\t2\n")
    }

    @Test func test_ruleAnswers_inEveryForm_restockOrRefuseWithAMessage() throws {
        let folder = try TemporaryFolder()
        folder.write("answers.lua", """
            local stock = shopfloor.stock()
            stock:items { { name = "kiwi", count = 10 }, { name = "mango", count = 10 } }
            stock:recipe("kiwi juice", { kiwi = 3 })
            stock:recipe("mango juice", { mango = 3 })
            local answers = { 2, 3.0, "4", 0 }  -- then nil
            local i = 0
            stock:rule(function(fruit, count, pending)
              if fruit ~= "kiwi" then return end
              i = i + 1
              return answers[i], 1.5
            end)
            for _ = 1, 3 do stock:order "kiwi juice" end
            stock:add("kiwi", 6)
            stock:add("kiwi", 0)
            print(stock:pending "kiwi", i)
            stock:rule(function(fruit) if fruit == "mango" then return 2.5, 1 end end)
            print(pcall(stock.order, stock, "mango juice"))
            """)
        let r = try Shell.run(["run", "answers.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            9\t5
            false\tanswers.lua:16: stock rule must return nothing or an amount (an integer) and a lead time, got 2.5

            """)
    }

    @Test func test_ruleWithALevel_isCalledOnlyBelowIt_andBadOptionsAreRefused() throws {
        let folder = try TemporaryFolder()
        folder.write("below.lua", """
            local stock = shopfloor.stock()
            stock:items { { name = "kiwi", count = 10 } }
            stock:recipe("kiwi juice", { kiwi = 3 })
            local seen = {}
            stock:rule(function(fruit, count) seen[#seen + 1] = count end, { below = 5 })
            for _ = 1, 3 do stock:order "kiwi juice" end
            stock:add("kiwi", 1)
            print(table.concat(seen, " "))
            print(pcall(stock.rule, stock, function() end, { above = 3 }))
            print(pcall(stock.rule, stock, function() end, { below = "x" }))
            """)
        let r = try Shell.run(["run", "below.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            4 1 2
            false\trule: unknown key 'above' (accepted: below)
            false\trule: 'below' must be a number, got 'x'

            """)
    }

    @Test func test_ruleErrorDuringRun_stopsWithFileAndLine() throws {
        let folder = try Self.scriptsCopy()
        folder.write("extra/broken.lua", """
            shopfloor.plugin {
              kind = "stock_rule", name = "broken", description = "fails when stock runs low",
              build = function(params, stock)
                stock:rule(function(fruit, count) if count < 150 then error(fruit .. " is low") end end)
              end,
            }
            """)
        let r = try Shell.run(["run", "juice.lua", "--plugins", "extra", "--use", "stock_rule=broken"],
                              in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: extra/broken.lua:4: "), "\(r.stderr)")
        #expect(r.stderr.contains(" is low\n"))
    }

    // MARK: The simulation's outputs

    @Test func test_json_hasStockAndOrders_exactlyOrdersDecided_conserved() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--format", "json", "--set", "orders=700", "--set", "initial_stock=60"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try Self.json(r.stdout)
        for key in ["served", "classes", "pools", "lines", "params", "seed", "stock", "orders"] { #expect(json[key] != nil, "\(key)") }
        let orders = try #require(json["orders"] as? [String: [String: Any]])
        #expect(Set(orders.keys) == ["strawberry juice", "banana juice", "kiwi juice", "pineapple juice",
                                     "strawberry-banana juice", "mango juice", "mango-kiwi juice"])
        let decided = orders.values.reduce(0) { $0 + ($1["made"] as! Int) + ($1["failed"] as! Int) }
        #expect(decided == 700)
        #expect(orders.values.contains { ($0["failed"] as! Int) > 0 }, "60 of each runs short")
        // A short order turns its customer away: counted as failed in its class, never as served. (The
        // run stops at the 700th decision, so the makers' last zero-time finishes may still be due.)
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        for (juice, counts) in orders {
            let c = try #require(classes[juice], "\(juice)")
            let served = c["served"] as! Int, failed = c["failed"] as! Int
            #expect(served <= counts["made"] as! Int, "\(juice): served only when made")
            #expect(failed <= counts["failed"] as! Int && failed >= (counts["failed"] as! Int) - 2, "\(juice): turned away")
        }
        #expect(json["served"] as? Int == classes.values.reduce(0) { $0 + ($1["served"] as! Int) })
        let stock = try #require(json["stock"] as? [String: [String: Any]])
        #expect(stock.count == 5)
        for (fruit, s) in stock {
            for key in ["final", "min", "mean", "lost"] { #expect(s[key] != nil, "\(fruit).\(key)") }
            let final = s["final"] as! Int, delivered = s["delivered"] as! Int, consumed = s["consumed"] as! Int
            #expect(final == 60 + delivered - consumed, "\(fruit) conserved")
            #expect((0...400).contains(final))
            #expect((s["min"] as! Int) <= final)
        }
    }

    struct StockRecord: Decodable {
        var t: Double
        var event: String
        var juice: String?
        var fruit: String?
        var taken: [String: Int]?
        var left: [String: Int]?
        var short: [String: [String: Int]]?
        var amount: Int?
        var accepted: Int?
        var excess: Int?
        var count: Int?
    }

    @Test func test_trace_recordsStockEvents_thatReplayToTheCounts() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let r = try Shell.run(["run", "scripts/juice.lua", "--set", "orders=400", "--set", "initial_stock=40", "--trace", path])
        #expect(r.status == 0, "\(r.stderr)")
        let records = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { try JSONDecoder().decode(StockRecord.self, from: Data($0.utf8)) }
        let kinds = Set(records.map(\.event))
        for kind in ["arrive", "start", "finish", "order", "made", "failed", "restock_ordered", "delivered"] {
            #expect(kinds.contains(kind), "\(kind)")
        }
        #expect(records.filter { $0.event == "order" }.count == 400)
        var counts = ["strawberry": 40, "banana": 40, "pineapple": 40, "kiwi": 40, "mango": 40]
        var lastOrder: String?
        for record in records {
            switch record.event {
            case "order":
                lastOrder = record.juice
            case "made":
                #expect(record.juice == lastOrder)
                for (fruit, n) in record.taken ?? [:] { counts[fruit]! -= n }
                for (fruit, n) in record.left ?? [:] { #expect(counts[fruit] == n, "\(fruit) after \(record.juice!)") }
            case "failed":
                #expect(record.juice == lastOrder)
                let short = try #require(record.short)
                #expect(!short.isEmpty)
                for (fruit, nh) in short {
                    #expect(nh["have"]! < nh["need"]!)
                    #expect(counts[fruit] == nh["have"], "nothing was taken before")
                }
            case "restock_ordered":
                #expect(record.amount! > 0)
                #expect(counts[record.fruit!] == record.count)
            case "delivered":
                counts[record.fruit!]! += record.accepted!
                #expect(counts[record.fruit!] == record.count)
                #expect(record.count! <= 400)
            default: break
            }
            #expect(counts.values.allSatisfy { $0 >= 0 })
        }
    }

    @Test func test_sameSeed_sameJSON() throws {
        let a = try Shell.run(["run", "scripts/juice.lua", "--format", "json", "--set", "orders=300", "--seed", "9"])
        let b = try Shell.run(["run", "scripts/juice.lua", "--format", "json", "--set", "orders=300", "--seed", "9"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
    }

    // MARK: Plugins

    @Test func test_plugins_listRecipeBooksAndStockRules_andSwapFromTheCommandLine() throws {
        let list = try Shell.run(["plugins"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("recipe_book\n  seed "))
        #expect(list.stdout.contains("stock_rule\n  demand_forecast "))
        #expect(list.stdout.contains("  reorder_point "))
        let r = try Shell.run(["run", "scripts/juice.lua", "--format", "json", "--set", "orders=500",
                               "--use", "stock_rule=demand_forecast", "--set", "cover=120"])
        #expect(r.status == 0, "\(r.stderr)")
        let stock = try #require(try Self.json(r.stdout)["stock"] as? [String: [String: Any]])
        #expect(stock.values.contains { ($0["deliveries"] as! Int) > 0 }, "the forecast rule restocked")
        let bad = try Shell.run(["run", "scripts/juice.lua", "--use", "stock_rule=reorder_pint"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("did you mean 'reorder_point'?"))
    }

    @Test func test_repl_swapsTheStockRule_keepingTheStock() throws {
        let r = try Shell.run(["repl", "scripts/juice.lua"], stdin: """
            stock = shopfloor.stock()
            stock:order "banana juice"
            :use stock_rule=demand_forecast
            stock:count "banana"
            stock:pending "banana"

            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "true\nnow using stock_rule=demand_forecast\n198\n0\n")
    }

    // MARK: Edit recipes without recompiling

    @Test func test_newFruitAndJuice_inTheScriptsAlone_areMade() throws {
        let folder = try Self.scriptsCopy()
        try Self.edit(folder, "recipes.lua", replacing: "  recipe \"mango-kiwi juice\"", with: "  recipe \"apple juice\" { apple = 2 },\n  recipe \"mango-kiwi juice\"")
        try Self.edit(folder, "juice_stock.lua", replacing: "  { name = \"mango\",", with: "  { name = \"apple\", count = 10 },\n  { name = \"mango\",")
        let r = try Shell.run(["run", "juice.lua", "--format", "json", "--set", "orders=400"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let json = try Self.json(r.stdout)
        let apple = try #require((json["orders"] as? [String: [String: Any]])?["apple juice"])
        #expect((apple["made"] as! Int) > 0)
        #expect((json["stock"] as? [String: Any])?["apple"] != nil)
        let console = try Shell.run(["run", "juice_console.lua"], stdin: "7\nq\n", in: URL(fileURLWithPath: folder.path))
        #expect(console.stdout.contains("Apple juice is ready. Enjoy!"))
    }
}
