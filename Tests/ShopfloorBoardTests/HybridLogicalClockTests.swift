import Testing
@testable import ShopfloorBoard

@Suite("Hybrid logical clock")
struct HybridLogicalClockTests {
    @Test("local ticks follow the wall clock and count within one millisecond")
    func ticksFollowWallClock() {
        var clock = HybridLogicalClock(replica: "A")
        #expect(clock.tick(wallMillis: 1_000) == HLCTimestamp(wallMillis: 1_000, counter: 0, replica: "A"))
        #expect(clock.tick(wallMillis: 1_000) == HLCTimestamp(wallMillis: 1_000, counter: 1, replica: "A"))
        #expect(clock.tick(wallMillis: 1_005) == HLCTimestamp(wallMillis: 1_005, counter: 0, replica: "A"))
    }

    @Test("a wall clock that goes backwards does not make stamps go backwards")
    func stampsNeverGoBackwards() {
        var clock = HybridLogicalClock(replica: "A")
        let first = clock.tick(wallMillis: 2_000)
        let second = clock.tick(wallMillis: 1_000)
        #expect(second > first)
        #expect(second == HLCTimestamp(wallMillis: 2_000, counter: 1, replica: "A"))
    }

    @Test("a received stamp ahead of the local clock is adopted and exceeded")
    func receivedStampIsExceeded() throws {
        var clock = HybridLogicalClock(replica: "B")
        let remote = HLCTimestamp(wallMillis: 5_000, counter: 3, replica: "A")
        let local = try clock.receive(remote, wallMillis: 4_000)
        #expect(local == HLCTimestamp(wallMillis: 5_000, counter: 4, replica: "B"))
        #expect(clock.tick(wallMillis: 4_500) > remote)
    }

    @Test("a received stamp equal in wall time takes the larger counter plus one")
    func equalWallTimesMergeCounters() throws {
        var clock = HybridLogicalClock(replica: "B", last: HLCTimestamp(wallMillis: 5_000, counter: 7, replica: "B"))
        let local = try clock.receive(HLCTimestamp(wallMillis: 5_000, counter: 2, replica: "A"), wallMillis: 10)
        #expect(local == HLCTimestamp(wallMillis: 5_000, counter: 8, replica: "B"))
    }

    @Test("a received stamp far in the future is refused and leaves the clock alone")
    func farFutureStampIsRefused() {
        var clock = HybridLogicalClock(replica: "B", maxDriftMillis: 1_000)
        let before = clock
        let remote = HLCTimestamp(wallMillis: 10_000, counter: 0, replica: "A")
        #expect(boardError { try clock.receive(remote, wallMillis: 5_000) } == .clockDrift(remote: remote, localMillis: 5_000))
        #expect(clock == before)
    }

    @Test("stamps order by wall time, then counter, then replica id")
    func stampsAreTotallyOrdered() {
        let stamps = [
            HLCTimestamp(wallMillis: 2, counter: 0, replica: "A"),
            HLCTimestamp(wallMillis: 1, counter: 5, replica: "B"),
            HLCTimestamp(wallMillis: 1, counter: 5, replica: "A"),
            HLCTimestamp(wallMillis: 1, counter: 0, replica: "C"),
        ]
        #expect(stamps.sorted().map(\.description) == ["1-0-C", "1-5-A", "1-5-B", "2-0-A"])
    }

    @Test("a stamp prints and parses back, replica ids with dashes included")
    func stampsRoundTripThroughText() {
        let stamp = HLCTimestamp(wallMillis: 1_767_225_600_000, counter: 12, replica: "4f1c-9a-uuid")
        #expect(HLCTimestamp(stamp.description) == stamp)
        #expect(HLCTimestamp("12-x-A") == nil)
        #expect(HLCTimestamp("12-3-") == nil)
        #expect(HLCTimestamp("-1-3-A") == nil)
    }

    @Test("across many random exchanges, every stamp follows everything its replica saw before")
    func stampsRespectCausalityAcrossReplicas() throws {
        for seed in UInt64(0)..<300 {
            var random = SplitMix64(seed: seed)
            var clocks = ["A", "B", "C"].map { HybridLogicalClock(replica: $0) }
            var seen = [HLCTimestamp](repeating: .zero(replica: ""), count: 3)
            var outbox: [HLCTimestamp] = []
            var wall: [Int64] = [1_000, 1_000, 1_000]
            for _ in 0..<60 {
                let replica = Int(random.next() % 3)
                // Each machine's clock wanders, sometimes backwards.
                wall[replica] += Int64(random.next() % 7) - 2
                let stamp: HLCTimestamp
                if !outbox.isEmpty && random.next() % 2 == 0 {
                    let message = outbox.remove(at: Int(random.next() % UInt64(outbox.count)))
                    stamp = try clocks[replica].receive(message, wallMillis: wall[replica])
                    #expect(stamp > message, "seed \(seed)")
                } else {
                    stamp = clocks[replica].tick(wallMillis: wall[replica])
                    outbox.append(stamp)
                }
                #expect(stamp > seen[replica], "seed \(seed)")
                seen[replica] = stamp
            }
        }
    }
}
