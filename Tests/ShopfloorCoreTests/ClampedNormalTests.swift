import Foundation
import Testing
@testable import ShopfloorCore

/// A normal drawn as a duration is clamped at 0; its reported mean is the clamped one (issue 12 item 4).
@Suite("Normal durations clamped at 0")
struct ClampedNormalTests {
    /// E[max(X, 0)] by the trapezoid rule over [0, m + 12 sd]: independent of the closed form.
    func integrated(_ m: Double, _ sd: Double) -> Double {
        let steps = 200_000, top = max(m, 0) + 12 * sd, h = top / Double(steps)
        let norm = sd * (2 * Double.pi).squareRoot()
        func f(_ x: Double) -> Double {
            let z = (x - m) / sd
            return x * exp(-0.5 * z * z) / norm
        }
        var sum = (f(0) + f(top)) / 2
        for i in 1..<steps { sum += f(Double(i) * h) }
        return sum * h
    }

    @Test("the mean is the closed form of a normal clamped at 0", arguments: [(0.5, 1.0), (0.0, 2.0), (-1.0, 1.0), (3.0, 1.0), (10.0, 0.5)])
    func closedForm(m: Double, sd: Double) {
        let mean = Distribution.normal(mean: m, sd: sd).mean
        #expect(abs(mean - integrated(m, sd)) < 1e-6)
        if m == 0.5 && sd == 1 { #expect(abs(mean - 0.697_796_557_4) < 1e-9) }
        #expect(Distribution.normal(mean: m, sd: 0).mean == max(m, 0))
    }

    @Test("a million draws average to the reported mean (seed 1, within 4 standard errors)")
    func drawsAverageToTheMean() {
        let d = Distribution.normal(mean: 0.5, sd: 1)
        var rng = Xoshiro256StarStar(seed: 1)
        let n = 1_000_000
        var sum = 0.0
        for _ in 0..<n { sum += d.sampleDuration(using: &rng) }
        // The clamped value's sd is below the normal's (1), so 4 / sqrt(n) bounds 4 standard errors.
        #expect(abs(sum / Double(n) - d.mean) < 4 / Double(n).squareRoot())
    }
}
