import Testing
@testable import ShopfloorCore

@Suite("Scheduler")
struct SchedulerTests {
    @Test("events come out in (time, insertion order), for many random schedules")
    func ordering() throws {
        for seed in UInt64(0)..<300 {
            var rng = Xoshiro256StarStar(seed: seed)
            var scheduler = Scheduler()
            var expected: [(Double, UInt64)] = []
            for i in 0..<Int(rng.int(1, 200)) {
                // Few distinct times, so ties are common.
                let time = Double(rng.int(0, 20))
                try scheduler.schedule(.timer, payload: UInt64(i), at: time)
                expected.append((time, UInt64(i)))
            }
            expected.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
            var got: [(Double, UInt64)] = []
            while let event = scheduler.next() {
                scheduler.queue.checkInvariants()
                #expect(scheduler.now == event.time)
                got.append((event.time, event.payload))
            }
            #expect(got.map(\.0) == expected.map(\.0))
            #expect(got.map(\.1) == expected.map(\.1))
        }
    }

    @Test("scheduling in the past is an error, and the clock never goes back")
    func pastIsRefused() throws {
        var scheduler = Scheduler()
        try scheduler.schedule(.timer, payload: 0, at: 5)
        _ = scheduler.next()
        #expect(throws: CoreError.self) { try scheduler.schedule(.timer, payload: 1, at: 4.999) }
        #expect(throws: CoreError.self) { try scheduler.schedule(.timer, payload: 1, after: -1) }
        #expect(throws: CoreError.self) { try scheduler.schedule(.timer, payload: 1, at: .nan) }
        try scheduler.schedule(.timer, payload: 2, after: 0)
        #expect(scheduler.next()?.time == 5)
        let sim = Simulation()
        try sim.run(until: 10)
        #expect(throws: CoreError.self) { try sim.run(until: 9) }
        #expect(throws: CoreError.self) { try sim.resetStatistics(at: 3) }
    }

    @Test("an event is 32 bytes with no references, so scheduling allocates nothing")
    func eventIsSmall() {
        #expect(MemoryLayout<Event>.stride == 32)
        #expect(_isPOD(Event.self))
        #expect(_isPOD(CustomerRecord.self))
        #expect(_isPOD(TellerState.self))
    }
}
