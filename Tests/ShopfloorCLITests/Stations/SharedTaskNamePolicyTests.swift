import Foundation
import Testing

/// Two counters each with a task called `work`, each with a Lua teller policy that takes the head of its own
/// line (`lines[teller.skill]`, as scripts/plugins/fifo.lua does). The second counter's teller sees its skill as
/// `two.work`, so the policy finds that counter's own line; it used to see `work`, the first counter's line, and
/// the run stopped ("teller policy chose line 'work', which teller 2 does not serve").
@Suite("A Lua policy on a second counter with a task name the first also has")
struct SharedTaskNamePolicyTests {
    @Test func test_eachCountersPolicy_findsItsOwnLine() throws {
        let folder = try TemporaryFolder()
        folder.write("two.lua", """
            local one = shopfloor.counter "one"
            local two = shopfloor.counter "two"
            one:task { name = "work", service = shopfloor.exponential(0.5), route = "two.work" }
            two:task { name = "work", service = shopfloor.exponential(0.4) }
            one:tellers { skill = "work" }
            two:tellers { skill = "work" }
            local seen = {}
            for _, counter in ipairs { one, two } do
              counter:policy(function(teller, lines)
                seen[teller.skill] = true
                local own = lines[teller.skill]
                if #own > 0 then return own end
              end, { looks_at = "own" })
            end
            one:arrivals { rate = 1, mix = { work = 1 } }
            shopfloor.stop { time = 500 }
            shopfloor.on("end", function()
              local names = {}
              for name in pairs(seen) do names[#names + 1] = name end
              table.sort(names)
              print("skills seen: " .. table.concat(names, ", "))
            end)

            """)
        let here = URL(fileURLWithPath: folder.path)
        let text = try Shell.run(["run", "two.lua", "--seed", "2"], in: here)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("skills seen: two.work, work\n"), "\(text.stdout.prefix(200))")
        let r = try Shell.run(["run", "two.lua", "--format", "json", "--seed", "2"], in: here)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let stations = try #require(object["stations"] as? [String: [String: Any]])
        #expect((stations["two"]?["served"] as? Int ?? 0) > 400)
    }

    /// A line is one object whatever key reaches it: `lines["one.work"]` is `lines.work`, `lines["two.work"]` is the
    /// object the second counter's teller finds by its skill. (The `station.task` keys used to hold second objects:
    /// equal lines compared unequal, and a policy returning one missed the fast match by address.)
    @Test func test_linesTable_holdsOneObjectPerLine() throws {
        let folder = try TemporaryFolder()
        folder.write("same.lua", """
            local one = shopfloor.counter "one"
            local two = shopfloor.counter "two"
            one:task { name = "work", service = 0.5, route = "two.work" }
            two:task { name = "work", service = 0.4 }
            one:tellers { skill = "work" }
            two:tellers { skill = "work" }
            local checked = {}
            two:policy(function(teller, lines)
              if not checked.done then
                checked.done = true
                print("one.work is work: " .. tostring(rawequal(lines["one.work"], lines.work)))
                print("two.work is the skill's: " .. tostring(rawequal(lines["two.work"], lines[teller.skill])))
                print("one.work is not two.work: " .. tostring(not rawequal(lines["one.work"], lines["two.work"])))
              end
              local own = lines["two.work"]
              if #own > 0 then return own end
            end)
            one:arrivals { rate = 1, mix = { work = 1 } }
            shopfloor.stop { time = 50 }

            """)
        let r = try Shell.run(["run", "same.lua", "--seed", "1"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("""
            one.work is work: true
            two.work is the skill's: true
            one.work is not two.work: true

            """), "\(r.stdout.prefix(300))")
    }
}
