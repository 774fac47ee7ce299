import Foundation
import Testing

/// Arrivals per counter: each counter may have its own generator (`counter:generate`) and its own built-in
/// arrivals, named by default after the counter. Before, a second counter's `generate` was refused and a second
/// counter's `arrivals{}` without a name failed with "'name' must be unique, 'arrivals' exists".
@Suite("Arrivals per counter")
struct StationArrivalsTests {
    /// Two counters with a task `work` each (a shared plain name) and a task of their own.
    static let counters = """
        local a = shopfloor.counter "a"
        local b = shopfloor.counter "b"
        a:task { name = "work", service = shopfloor.exponential(0.2) }
        a:task { name = "front", service = shopfloor.exponential(0.2) }
        b:task { name = "work", service = shopfloor.exponential(0.2) }
        b:task { name = "back", service = shopfloor.exponential(0.2) }
        a:tellers { skills = { "work", "front" }, count = 2 }
        b:tellers { skills = { "work", "back" }, count = 2 }

        """

    func run(_ script: String, _ extra: [String] = ["--format", "json"]) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.counters + script)
        return try Shell.run(["run", "s.lua", "--seed", "11"] + extra, in: URL(fileURLWithPath: folder.path))
    }

    func classes(_ r: Shell.Result) throws -> [String: [String: Any]] {
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(object["classes"] as? [String: [String: Any]])
    }

    /// Each counter's generator: a plain name is its own task (`work` is `b.work` for `b`), a path any counter's;
    /// one generator answers one at a time, the other in batches. Every customer is counted where it was sent.
    @Test func test_eachCounter_hasItsOwnGenerator() throws {
        let c = try classes(try run("""
            local sentA = 0
            a:generate(function(rng)
              sentA = sentA + 1
              if sentA > 30 then return nil end
              return rng:exp(1), sentA % 3 == 0 and "b.back" or "work"
            end)
            local sentB = 0
            b:generate(function(rng, gaps, tasks, n)
              for i = 1, n do
                sentB = sentB + 1
                if sentB > 40 then return i - 1 end
                gaps[i] = rng:exp(1)
                tasks[i] = sentB % 4 == 0 and "a.front" or "work"
              end
              return n
            end, { batch = 8 })

            """))
        #expect(c["a.work"]?["arrived"] as? Int == 20)
        #expect(c["b.back"]?["arrived"] as? Int == 10)
        #expect(c["b.work"]?["arrived"] as? Int == 30)
        #expect(c["a.front"]?["arrived"] as? Int == 10)
    }

    /// Two counters' built-in arrivals need no names, and draw from their own streams: adding `b`'s leaves `a`'s as they were.
    @Test func test_builtInArrivals_perCounter_ownStreams() throws {
        let onlyA = try classes(try run("a:arrivals { rate = 1, mix = { work = 1 } }\nshopfloor.stop { time = 500 }\n"))
        let both = try classes(try run("""
            a:arrivals { rate = 1, mix = { work = 1 } }
            b:arrivals { rate = 2, mix = { back = 1 } }
            shopfloor.stop { time = 500 }

            """))
        let arrivedA = try #require(onlyA["a.work"]?["arrived"] as? Int)
        #expect(arrivedA > 400)
        #expect(both["a.work"]?["arrived"] as? Int == arrivedA)
        #expect(try #require(both["b.back"]?["arrived"] as? Int) > 800)
    }

    /// A second counter's generator naming another counter's task by its plain name: an error naming the
    /// generator's line, the value and the counter's own tasks.
    @Test func test_secondCountersGenerator_unknownPlainName_isAnError() throws {
        let r = try run("b:generate(function(rng) return 1, \"front\" end)\n", [])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:9: unknown task 'front'"), "\(r.stderr)")
        #expect(r.stderr.contains("back"), "\(r.stderr)")
    }

    /// A bad answer of `b`'s generator names `b`'s generator, not `a`'s.
    @Test func test_badGap_namesTheGeneratorThatGaveIt() throws {
        let r = try run("""
            a:generate(function(rng) return 1, "work" end)
            b:generate(function(rng) return -1, "work" end)

            """, [])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:10: customer generator 'b.arrivals': gap must be a finite number >= 0, got -1"), "\(r.stderr)")
    }

    @Test func test_secondGeneratorOnOneCounter_isRefused() throws {
        let r = try run("b:generate(function() end)\nb:generate(function() end)\n", [])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:10: generate: the counter has a generator already"), "\(r.stderr)")
    }
}
