import Testing
@testable import ShopfloorCore

@Suite("Random numbers")
struct RandomTests {
    @Test("splitmix64 and xoshiro256** match the reference C code")
    func referenceOutputs() {
        var mix = SplitMix64(seed: 0)
        #expect(mix.next() == 0xE220_A839_7B1D_CDAF)
        var rng = Xoshiro256StarStar(seed: 0)
        let expected: [UInt64] = [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0,
                                  0x6AA5_94F1_262D_2D2C, 0xBBA5_AD4A_1F84_2E59]
        #expect((0..<5).map { _ in rng.next() } == expected)
        var rng42 = Xoshiro256StarStar(seed: 42)
        #expect(rng42.next() == 0x1578_0B2E_0C2E_C716)
        #expect(rng42.next() == 0x6104_D986_6D11_3A7E)
    }

    @Test("stream names hash with FNV-1a 64, the same in every process")
    func stableHash() {
        #expect(StableHash.fnv1a64("") == 0xCBF2_9CE4_8422_2325)
        #expect(StableHash.fnv1a64("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(StableHash.fnv1a64("arrivals") == 0xB10B_C22C_A203_CC53)
        let streams = RandomStreams(seed: 7)
        #expect(streams.seed(for: "arrivals") == SplitMix64.mix(SplitMix64.mix(7) ^ 0xB10B_C22C_A203_CC53))
    }

    @Test("named streams are reproducible and independent of each other")
    func streamsAreIndependent() {
        let streams = RandomStreams(seed: 99)
        var a1 = streams.stream("arrivals"), a2 = streams.stream("arrivals")
        var service = streams.stream("service")
        let first = (0..<1000).map { _ in a1.next() }
        #expect(first == (0..<1000).map { _ in a2.next() })
        let other = (0..<1000).map { _ in service.next() }
        #expect(Set(first).isDisjoint(with: other))
        // Uniforms of two streams are uncorrelated.
        var x = streams.stream("x"), y = streams.stream("y")
        let n = 100_000
        var sxy = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0
        for _ in 0..<n {
            let u = x.uniform(), v = y.uniform()
            sx += u; sy += v; sxy += u * v; sxx += u * u; syy += v * v
        }
        let cov = sxy / Double(n) - sx / Double(n) * sy / Double(n)
        let r = cov / ((sxx / Double(n) - pow2(sx / Double(n))) * (syy / Double(n) - pow2(sy / Double(n)))).squareRoot()
        #expect(abs(r) < 0.01)
        #expect(RandomStreams(seed: 1).stream("a", replication: 0) != RandomStreams(seed: 1).stream("a", replication: 1))
    }

    @Test("uniform is in [0, 1) and int(lo, hi) covers its range without bias")
    func uniformAndInt() {
        var rng = Xoshiro256StarStar(seed: 3)
        var counts = [Int](repeating: 0, count: 21)
        for _ in 0..<210_000 {
            let u = rng.uniform()
            #expect(u >= 0 && u < 1)
            let k = rng.int(10, 30)
            counts[k - 10] += 1
        }
        // Each of the 21 values expects 10 000; 5 sigma is about 500.
        #expect(counts.allSatisfy { abs($0 - 10_000) < 500 })
        #expect(rng.int(5, 5) == 5)
        #expect(rng.int(Int.min, Int.max) != rng.int(Int.min, Int.max) || true)
        #expect(rng.pick([Int]()) == nil)
        let picks = (0..<3000).compactMap { _ in rng.pick(["deposit", "loan"]) }
        #expect(abs(picks.filter { $0 == "loan" }.count - 1500) < 150)
    }

    @Test("every distribution's sample mean is close to its theoretical mean", arguments: [
        Distribution.fixed(0.7), .uniform(1, 3), .exponential(mean: 0.7), .normal(mean: 5, sd: 1),
        .lognormal(mean: 2, sd: 1.5), .erlang(k: 3, mean: 1.2), .erlang(k: 40, mean: 2), .gamma(shape: 0.5, scale: 2),
        .gamma(shape: 4, scale: 0.25), try! Distribution.discrete(values: [1, 2, 10], weights: [1, 1, 2]),
    ])
    func distributionMeans(_ distribution: Distribution) throws {
        let d = try distribution.validated()
        var rng = Xoshiro256StarStar(seed: 11)
        let n = 100_000
        var sum = 0.0, sumSq = 0.0
        for _ in 0..<n { let x = d.sample(using: &rng); sum += x; sumSq += x * x }
        let mean = sum / Double(n)
        let sd = (sumSq / Double(n) - mean * mean).squareRoot()
        // Within 5 standard errors (plus a hair for the fixed case).
        #expect(abs(mean - d.mean) <= 5 * sd / Double(n).squareRoot() + 1e-12, "\(d): mean \(mean) vs \(d.mean)")
    }

    @Test("the exponential ziggurat has the right tail")
    func exponentialTail() {
        var rng = Xoshiro256StarStar(seed: 5)
        let n = 400_000
        var over1 = 0, over3 = 0, over8 = 0
        for _ in 0..<n {
            let x = rng.exponential(mean: 1)
            if x > 1 { over1 += 1 }
            if x > 3 { over3 += 1 }
            if x > 8 { over8 += 1 }  // beyond the ziggurat's base layer
        }
        #expect(abs(Double(over1) / Double(n) - 0.367_879) < 0.004)
        #expect(abs(Double(over3) / Double(n) - 0.049_787) < 0.0015)
        #expect(abs(Double(over8) / Double(n) - 0.000_335) < 0.0001)
    }

    @Test("bad parameters are refused with a message quoting them")
    func validationMessages() {
        func message(_ d: Distribution) -> String {
            do { _ = try d.validated(); return "" } catch { return error.description }
        }
        #expect(message(.exponential(mean: -1)) == "exponential: 'mean' must be > 0, got -1")
        #expect(message(.uniform(3, 1)) == "uniform: 'a' must be <= 'b', got a = 3, b = 1")
        #expect(message(.normal(mean: 1, sd: -0.5)) == "normal: 'sd' must be >= 0, got -0.5")
        #expect(message(.erlang(k: 0, mean: 1)) == "erlang: 'k' must be >= 1, got 0")
        #expect(message(.gamma(shape: 0, scale: 1)) == "gamma: 'shape' must be > 0, got 0")
        #expect(message(.fixed(.nan)) == "fixed: 'value' must be a finite number, got nan")
        #expect(throws: CoreError.self) { try Distribution.discrete(values: [1, 2], weights: [1]) }
        #expect(throws: CoreError.self) { try Distribution.discrete(values: [1], weights: [0]) }
        #expect(throws: CoreError.self) { try Distribution.fixed(-1).validatedDuration("service") }
    }
}

func pow2(_ x: Double) -> Double { x * x }
