import Foundation
import Testing

/// The seed's bank day, end to end: what a user sees, and the schedule checked from the trace.
@Suite("The bank scenarios end to end")
struct BankScenarioTests {
    struct TraceRecord: Decodable {
        var t: Double
        var event: String
        var customer: Int
        var task: String
        var teller: Int?
    }

    func trace(seed: Int, extra: [String] = []) throws -> (Shell.Result, [TraceRecord]) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let r = try Shell.run(["run", "scripts/bank.lua", "--seed", String(seed), "--trace", path] + extra)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let records = try text.split(separator: "\n").map { try JSONDecoder().decode(TraceRecord.self, from: Data($0.utf8)) }
        return (r, records)
    }

    /// FIFO per task, at most 2 deposits and 1 loan in service, exact service durations, no
    /// teller idle while its line waits, 10–30 customers, closing time = the last finish.
    @Test(arguments: [1, 2, 3, 7, 42])
    func test_seedDay_scheduleHoldsFromTheTrace(seed: Int) throws {
        let (r, records) = try trace(seed: seed)
        #expect(r.status == 0)
        let arrivals = records.filter { $0.event == "arrive" }
        #expect((10...30).contains(arrivals.count))
        #expect(arrivals.map(\.customer) == Array(1...arrivals.count))
        #expect(arrivals.allSatisfy { $0.t == 0 })
        var started: [Int: Double] = [:]
        var busy = ["deposit": 0, "loan": 0]
        let capacity = ["deposit": 2, "loan": 1]
        var waiting = ["deposit": arrivals.filter { $0.task == "deposit" }.map(\.customer),
                       "loan": arrivals.filter { $0.task == "loan" }.map(\.customer)]
        var lastTime = 0.0
        for record in records where record.event != "arrive" {
            #expect(record.t >= lastTime)
            lastTime = record.t
            if record.event == "start" {
                #expect(waiting[record.task]!.first == record.customer, "FIFO per task")
                waiting[record.task]!.removeFirst()
                busy[record.task]! += 1
                #expect(busy[record.task]! <= capacity[record.task]!)
                started[record.customer] = record.t
            } else if record.event == "finish" {
                let duration = record.t - started[record.customer]!
                #expect(abs(duration - (record.task == "deposit" ? 0.7 : 1.1)) < 1e-9)
                busy[record.task]! -= 1
            }
            // After every time's events settle, no teller idles while its line waits.
            let next = records.first { $0.t > record.t }
            if next == nil || records.last(where: { $0.t == record.t }).map({ $0.customer == record.customer && $0.event == record.event }) == true {
                for task in ["deposit", "loan"] where !waiting[task]!.isEmpty {
                    #expect(busy[task]! == capacity[task]!, "a \(task) teller idles at \(record.t) while customers wait")
                }
            }
        }
        #expect(waiting.values.allSatisfy { $0.isEmpty })
        let finishes = records.filter { $0.event == "finish" }
        #expect(finishes.count == arrivals.count)
        let closing = String(format: "total business time %.2f s.", finishes.map(\.t).max()!)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let closeIndex = try #require(lines.firstIndex { $0.hasPrefix("The bank is closed.") })
        #expect(lines[closeIndex].hasSuffix(closing))
        #expect(lines[closeIndex].contains("\(arrivals.count) customers were served today"))
        // The closing line comes after the last finish line.
        #expect(lines[..<closeIndex].filter { $0.hasSuffix("finished") }.count == arrivals.count)
        #expect(lines[(closeIndex + 1)...].allSatisfy { !$0.hasSuffix("finished") })
    }

    @Test func test_korean_linesAreTheSeedAppsExactly() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--set", "lang=ko"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "1번 고객 예금업무 시작" || lines.first == "1번 고객 대출업무 시작")
        let pattern = try Regex(#"^\d+번 고객 (예금|대출)업무 (시작|완료)$"#)
        let close = try #require(lines.firstIndex { $0.hasPrefix("업무가 마감되었습니다.") })
        #expect(lines[..<close].allSatisfy { $0.wholeMatch(of: pattern) != nil })
        let closing = try Regex(#"^업무가 마감되었습니다\. 오늘 업무를 처리한 고객은 총 \d+명이며, 총 업무시간은 \d+\.\d\d초입니다\.$"#)
        #expect(lines[close].wholeMatch(of: closing) != nil)
    }

    @Test func test_sameSeed_byteIdentical_otherSeedDiffers() throws {
        let a = try Shell.run(["run", "scripts/bank.lua", "--seed", "5"])
        let b = try Shell.run(["run", "scripts/bank.lua", "--seed", "5"])
        let c = try Shell.run(["run", "scripts/bank.lua", "--seed", "6"])
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        let j1 = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=2000", "--format", "json"])
        let j2 = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=2000", "--format", "json"])
        #expect(j1.stdout == j2.stdout)
    }

    @Test func test_jsonOutput_isOneObject_withTheContractFields() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--format", "json", "--seed", "3"])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("}\n"))
        #expect(r.stdout.filter { $0 == "\n" }.count == 1)
        #expect(r.stderr.contains("customer 1:"), "the scenario's own lines go to stderr")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        for key in ["version", "scenario", "params", "seed", "end_time", "served", "classes", "pools"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        #expect(object["seed"] as? Int == 3)
        #expect(object["scenario"] as? String == "scripts/bank.lua")
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        #expect(Set(classes.keys) == ["deposit", "loan"])
        for fields in classes.values {
            for key in ["served", "mean_wait", "p95_wait", "max_wait", "balked", "reneged"] { #expect(fields[key] != nil) }
        }
        let pools = try #require(object["pools"] as? [String: [String: Any]])
        #expect(pools["deposit"]?["tellers"] as? Int == 2)
        #expect(pools["loan"]?["tellers"] as? Int == 1)
        #expect((pools["loan"]?["utilization"] as? Double).map { $0 > 0 && $0 <= 1 } == true)
        let params = try #require(object["params"] as? [String: Any])
        #expect(params["lang"] as? String == "en")
        // Keys are sorted.
        let keys = r.stdout.matches(of: try Regex(#""([a-z_]+)":\{"#)).map { String(r.stdout[$0.range]) }
        #expect(!keys.isEmpty)
    }

    @Test func test_traceCSV_hasAHeaderAndOneRowPerEvent() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/day.csv"
        let r = try Shell.run(["run", "scripts/bank.lua", "--trace", path, "--set", "min_customers=3", "--set", "max_customers=3"])
        #expect(r.status == 0)
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(rows.first == "t,event,customer,task,teller,pool,station")
        #expect(rows.count == 1 + 9)
        #expect(rows.contains("0,start,1,deposit,1,deposit,bank"))
    }

    @Test func test_badParameter_namesItAndWhatItAccepts() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--set", "lang=fr"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: --set lang=fr: 'lang' must be one of en, ko, got 'fr'\n")
        let typo = try Shell.run(["run", "scripts/bank.lua", "--set", "langg=ko"])
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("no parameter 'langg'"))
        #expect(typo.stderr.contains("did you mean 'lang'?"))
        let wrongType = try Shell.run(["run", "scripts/bank.lua", "--set", "max_customers=many"])
        #expect(wrongType.stderr == "error: --set max_customers=many: 'max_customers' must be an integer >= 0, got 'many'\n")
        let malformed = try Shell.run(["run", "scripts/bank.lua", "--set", "lang"])
        #expect(malformed.status == 1)
        #expect(malformed.stderr.contains("expected name=value"))
        #expect(malformed.stdout == "")
    }

    @Test func test_hookError_stopsTheRunWithFileLineAndTraceback() throws {
        let folder = try TemporaryFolder()
        folder.write("broken.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = 1 }
            bank:tellers { skill = "deposit", count = 1 }
            for _ = 1, 5 do bank:arrive "deposit" end
            bank:on("finish", function(c)
              if c.number == 3 then error("receipt printer jammed") end
            end)
            """)
        let r = try Shell.run(["run", "broken.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: broken.lua:6: receipt printer jammed\nstack traceback:"))
    }

    @Test func test_check_acceptsTheShippedScenarios_andListsProblems() throws {
        for file in ["scripts/bank.lua", "scripts/bank_open.lua"] {
            let r = try Shell.run(["check", file])
            #expect(r.status == 0, "\(file): \(r.stderr)")
            #expect(r.stdout.hasPrefix("\(file): ok"))
        }
        let folder = try TemporaryFolder()
        folder.write("forever.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = 1 }
            bank:task { name = "loan", service = 1 }
            bank:tellers { skill = "deposit" }
            bank:arrivals { rate = 1, mix = { deposit = 1, loan = 1 } }
            """)
        let r = try Shell.run(["check", "forever.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.contains("task 'loan' has no teller"))
        #expect(r.stderr.contains("arrivals never stop"))
    }

    @Test func test_check_neverRunsAConsoleScenariosMenu_evenWithInputWaiting() throws {
        for file in ["scripts/bank_console.lua", "scripts/juice_console.lua"] {
            // "1" would open the bank (or order the first juice) if check read it.
            let r = try Shell.run(["check", file], stdin: "1\n1\n")
            #expect(r.status == 0, "\(file): \(r.stderr)")
            #expect(r.stdout.hasPrefix("\(file): ok"), "\(file): \(r.stdout)")
            #expect(r.stdout.split(separator: "\n").count == 1, "\(file): \(r.stdout)")
        }
    }

    @Test func test_check_listsEveryBadSetting_notJustTheFirst() throws {
        let r = try Shell.run(["check", "scripts/bank.lua", "--set", "lang=fr", "--set", "max_customers=x", "--set", "bogus=1"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("'lang' must be one of en, ko, got 'fr'"))
        #expect(r.stderr.contains("'max_customers' must be an integer >= 0, got 'x'"))
        #expect(r.stderr.contains("no parameter 'bogus'"))
    }

    @Test func test_plugins_listsTheShippedOnes_asTextAndJSON() throws {
        let r = try Shell.run(["plugins"])
        #expect(r.status == 0)
        for name in ["at_opening", "poisson", "time_varying", "fifo", "cross_training", "priority_first", "shortest_job_first"] {
            #expect(r.stdout.contains(name))
        }
        let j = try Shell.run(["plugins", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any])
        #expect(object["schema"] as? Int == 1)
        #expect((object["teller_policy"] as? [String: Any])?["cross_training"] != nil)
        #expect((object["customer_generator"] as? [String: Any])?["at_opening"] != nil)
    }

    @Test func test_use_swapsThePolicy_andUnknownNamesSuggest() throws {
        func loanWait(_ policy: String) throws -> Double {
            let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=20000", "--set", "policies=builtin",
                                   "--use", "teller_policy=\(policy)", "--format", "json"])
            #expect(r.status == 0, "\(r.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
            let classes = object["classes"] as! [String: [String: Any]]
            return classes["loan"]!["mean_wait"] as! Double
        }
        // Idle deposit tellers helping with loans cut the loan wait sharply.
        let fifo = try loanWait("fifo")
        let cross = try loanWait("cross_training")
        #expect(cross < fifo / 2)
        let bad = try Shell.run(["run", "scripts/bank_open.lua", "--use", "teller_policy=cross_trainig"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("did you mean 'cross_training'?"))
        let badKind = try Shell.run(["run", "scripts/bank_open.lua", "--use", "teler_policy=fifo"])
        #expect(badKind.status == 1)
        #expect(badKind.stderr.contains("did you mean 'teller_policy'?"))
    }
}
