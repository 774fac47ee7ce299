import Foundation
import Testing

/// The customer an event hook receives (a read-only handle, docs/lua-api.md "counter:on"), end to end.
@Suite("Customer handle in event hooks")
struct CustomerHandleTests {
    /// One teller, fixed service 2 s; customer 1 (deposit, vip) and 2 (loan) arrive at 0, customer 3 at 1.
    func run(_ hooks: String, file: String = "hooks.lua") throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write(file, """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = shopfloor.fixed(2) }
            bank:task { name = "loan", service = shopfloor.fixed(2) }
            bank:tellers { skills = { "deposit", "loan" }, count = 1, name = "front" }
            bank:arrive { task = "deposit", priority = 3, attrs = { vip = true, items = 2 } }
            bank:arrive "loan"
            \(hooks)
            """)
        return try Shell.run(["run", file], in: URL(fileURLWithPath: folder.path))
    }

    func lines(_ r: Shell.Result) -> [Substring] { r.stdout.split(separator: "\n").filter { $0.hasPrefix("> ") } }

    @Test func test_fields_readLazily_matchTheEvent() throws {
        let r = try run("""
            bank:on("arrive", function(c) print("> arrive", c.number, c.task, c.wait, c.waited, c.teller, c.pool) end)
            bank:on("finish", function(c)
              print("> finish", c.number, c.task, c.time, c.arrival, c.wait, c.waited, c.teller, c.pool, c.priority)
              print("> attrs", c.attrs and c.attrs.vip, c.attrs and c.attrs.items, c.attrs == c.attrs, c.unknown)
            end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == [
            "> finish\t1\tdeposit\t2.0\t0.0\t0.0\t0.0\t1\tfront\t3",
            "> attrs\ttrue\t2\ttrue\tnil",
            "> finish\t2\tloan\t4.0\t0.0\t2.0\t2.0\t1\tfront\t0",
            "> attrs\tnil\tnil\ttrue\tnil",
        ])
    }

    /// Untraced, start and finish hooks read the core's light event (CounterEventView); with `--trace` the
    /// built event. Both paths, nested deliveries included, show the hooks the same fields.
    @Test func test_startAndFinishFields_sameWithAndWithoutATrace() throws {
        let hooks = """
            local function show(kind, c)
              print("> " .. kind, c.number, c.task, c.time, c.arrival, c.wait, c.waited, c.teller, c.pool, c.priority,
                    c.attrs and c.attrs.vip, c.attrs and c.attrs.items)
            end
            bank:on("start", function(c) show("start", c); if c.number == 2 then bank:arrive "deposit" end end)
            bank:on("finish", function(c)
              show("finish", c)
              if c.number == 3 then bank:arrive "loan"; show("finish", c) end
            end)
            bank:on("arrive", function(c) show("arrive", c) end)
            """
        let folder = try TemporaryFolder()
        folder.write("hooks.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = shopfloor.fixed(2) }
            bank:task { name = "loan", service = shopfloor.fixed(2) }
            bank:tellers { skills = { "deposit", "loan" }, count = 1, name = "front" }
            bank:arrive { task = "deposit", priority = 3, attrs = { vip = true, items = 2 } }
            bank:arrive "loan"
            \(hooks)
            """)
        let dir = URL(fileURLWithPath: folder.path)
        let plain = try Shell.run(["run", "hooks.lua"], in: dir)
        let traced = try Shell.run(["run", "hooks.lua", "--trace", "t.jsonl"], in: dir)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(traced.status == 0, "\(traced.stderr)")
        let finishes3 = lines(plain).filter { $0.hasPrefix("> finish\t3\t") }
        #expect(finishes3.count == 2 && finishes3[0] == finishes3[1])  // the outer handle after a nested start
        #expect(lines(plain).contains { $0.hasPrefix("> start\t4\tloan\t") })
        #expect(lines(plain) == lines(traced))
        #expect(lines(plain).first == "> start\t1\tdeposit\t0.0\t0.0\t0.0\t0.0\t1\tfront\t3\ttrue\t2")
        #expect(lines(plain).contains("> arrive\t3\tdeposit\t2.0\t2.0\tnil\t0.0\tnil\tnil\t0\tnil\tnil"))
    }

    @Test func test_waitedBeforeService_isTheTimeSoFar_andWaitIsNil() throws {
        let r = try run("""
            bank:on("start", function(c) if c.number == 2 then bank:arrive "loan" end end)
            bank:on("arrive", function(c) print("> arrive", c.number, c.wait, c.waited, c.teller, c.pool) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> arrive\t3\tnil\t0.0\tnil\tnil"])
    }

    @Test func test_pairs_listsTheFieldsInTheDocumentedOrder() throws {
        let r = try run("""
            bank:on("finish", function(c)
              local keys = {}
              for k, v in pairs(c) do keys[#keys + 1] = k .. "=" .. tostring(type(v) == "table" and "table" or v) end
              print("> " .. table.concat(keys, " "))
            end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == [
            "> number=1 task=deposit station=bank time=2.0 arrival=0.0 waited=0.0 wait=0.0 teller=1 pool=front priority=3 attrs=table",
            "> number=2 task=loan station=bank time=4.0 arrival=0.0 waited=2.0 wait=2.0 teller=1 pool=front priority=0",
        ])
    }

    @Test func test_writingAField_isAnErrorNamingTheField() throws {
        let r = try run("""
            bank:on("finish", function(c)
              c.task = "loan"
            end)
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: hooks.lua:8: cannot set 'task' on a customer: its fields are read-only (keep your own table: local mine = c:copy(); mine.task = …)"), "\(r.stderr)")
    }

    @Test func test_aKeptHandle_raisesAfterItsHookReturned() throws {
        let r = try run("""
            local kept
            bank:on("start", function(c) kept = kept or c end)
            bank:on("finish", function(c)
              print("> " .. tostring(kept))
              print("> " .. kept.number)
            end)
            """)
        #expect(r.status == 1)
        #expect(lines(r) == ["> customer (expired: its hook returned)"])
        #expect(r.stderr.hasPrefix("error: hooks.lua:11: customer handle used after its hook returned"), "\(r.stderr)")
    }

    @Test func test_copy_isAPlainTable_keptAndWritable() throws {
        let r = try run("""
            local kept = {}
            bank:on("finish", function(c) kept[#kept + 1] = c:copy() end)
            shopfloor.on("close", function()
              for _, k in ipairs(kept) do
                k.note = "ok"
                print("> " .. k.number .. " " .. k.task .. " " .. k.waited .. " " .. k.pool .. " " .. tostring(k.attrs and k.attrs.vip) .. " " .. k.note)
              end
            end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> 1 deposit 0.0 front true ok", "> 2 loan 2.0 front nil ok"])
    }

    @Test func test_tostring_namesTheCustomerAndTask() throws {
        let r = try run("""
            bank:on("start", function(c) print("> " .. tostring(c)) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> customer 1 (deposit)", "> customer 2 (loan)"])
    }

    @Test func test_nestedEvents_leaveTheOuterHandleReadable() throws {
        let r = try run("""
            bank:on("arrive", function(c) print("> arrive " .. c.number) end)
            bank:on("start", function(c)
              if c.number == 1 then bank:arrive "deposit" end
              print("> start " .. c.number .. " " .. c.task)
            end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> arrive 3", "> start 1 deposit", "> start 3 deposit", "> start 2 loan"])
    }

    @Test func test_hookError_isASwiftErrorWithTheHooksFileLine() throws {
        let r = try run("""
            bank:on("finish", function(c) end)
            bank:on("finish", function(c)
              if c.number == 2 then error("drawer stuck at " .. c.number) end
            end)
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: hooks.lua:9: drawer stuck at 2\nstack traceback:"), "\(r.stderr)")
    }

    @Test func test_serviceTimeHook_getsTheHandleToo() throws {
        let r = try run("""
            bank:service_time(function(c, teller)
              print("> " .. tostring(c) .. " " .. tostring(c.attrs and c.attrs.items) .. " " .. teller.pool)
              return c.attrs and c.attrs.items or 1
            end)
            bank:on("finish", function(c) print("> finish " .. c.number .. " " .. c.time) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> customer 1 (deposit) 2 front", "> finish 1 2.0", "> customer 2 (loan) nil front", "> finish 2 3.0"])
    }

    @Test func test_queries_shareTheFieldDefinitions() throws {
        let r = try run("""
            bank:on("start", function(c)
              if c.number == 1 then
                local w = bank:waiting()[1]
                print("> waiting", w.number, w.task, w.waited, w.priority, w.teller, w.wait, w.time)
              else
                local s = bank:serving()[1]
                print("> serving", s.number, s.task, s.waited, s.started, s.teller, s.pool, s.wait, s.time)
              end
            end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == [
            "> waiting\t2\tloan\t0.0\t0\tnil\tnil\tnil",
            "> serving\t2\tloan\t2.0\t2.0\t1\tfront\tnil\tnil",
        ])
    }

    @Test func test_aHookAddingHooks_whileHooksOfItsEventRun_isSafe() throws {
        let r = try run("""
            local added = false
            bank:on("finish", function(c)
              if not added then
                added = true
                for i = 1, 50 do bank:on("finish", function(c) if i == 50 then print("> late " .. c.number) end end) end
              end
            end)
            bank:on("finish", function(c) print("> second " .. c.number) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(lines(r) == ["> second 1", "> second 2", "> late 2"])
    }
}
