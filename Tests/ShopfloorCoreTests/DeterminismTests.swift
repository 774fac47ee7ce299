import Foundation
import Testing
@testable import ShopfloorCore

@Suite("Determinism")
struct DeterminismTests {
    func trace(seed: UInt64) throws -> [String] {
        let model = try RandomCounter(seed: seed)
        let trace = Trace()
        trace.install(on: model.sim)
        try model.sim.run(until: 40)
        return trace.lines
    }

    @Test("the same seed gives the same event sequence; another seed does not")
    func sameSeedSameEvents() throws {
        for seed in UInt64(0)..<50 {
            #expect(try trace(seed: seed) == trace(seed: seed))
        }
        #expect(try trace(seed: 1) != trace(seed: 2))
    }

    @Test("installing observers does not change what happens")
    func observersDoNotPerturb() throws {
        for seed in UInt64(0)..<100 {
            let plain = try RandomCounter(seed: seed).sim
            let watched = try RandomCounter(seed: seed).sim
            Trace().install(on: watched)
            try plain.run(until: 20)
            try watched.run(until: 20)
            #expect(plain.summary() == watched.summary(), "seed \(seed)")
        }
    }

    @Test("the bank-open summary is identical across runs and round-trips through JSON")
    func summaryCodable() throws {
        let a = try BankOpenModel().make(seed: 3)
        let b = try BankOpenModel().make(seed: 3)
        try a.run(untilServed: 2_000)
        try b.run(untilServed: 2_000)
        #expect(a.summary() == b.summary())
        let data = try JSONEncoder().encode(a.summary())
        #expect(try JSONDecoder().decode(Summary.self, from: data) == a.summary())
    }
}
