import Foundation
import Testing
@testable import ShopfloorExperiment

/// Student's t against published two-sided critical values, and the CDF's shape.
struct StudentTTests {
    /// Two-sided critical values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2), to 4 decimals.
    static let references: [(confidence: Double, df: Double, t: Double)] = [
        (0.95, 1, 12.7062), (0.95, 2, 4.3027), (0.95, 5, 2.5706), (0.95, 30, 2.0423), (0.95, 1000, 1.9623),
        (0.95, 3, 3.1824), (0.95, 10, 2.2281), (0.95, 19, 2.0930),
        (0.90, 1, 6.3138), (0.90, 10, 1.8125), (0.90, 100, 1.6602),
        (0.99, 1, 63.6567), (0.99, 4, 4.6041), (0.99, 30, 2.7500), (0.99, 1000, 2.5808),
        (0.80, 5, 1.4759),
    ]

    @Test(arguments: references.indices)
    func criticalValueMatchesTheTable(_ i: Int) {
        let r = Self.references[i]
        let t = StudentT.critical(confidence: r.confidence, degreesOfFreedom: r.df)
        #expect(abs(t - r.t) < 0.00005, "confidence \(r.confidence), df \(r.df): \(t), expected \(r.t)")
    }

    @Test func quantileInvertsTheCDF() {
        for df in [1.0, 2, 3, 4, 7, 19, 50, 400, 5000] {
            for p in [0.0005, 0.01, 0.025, 0.1, 0.3, 0.5, 0.7, 0.9, 0.975, 0.995, 0.9999] {
                let t = StudentT.quantile(p, degreesOfFreedom: df)
                #expect(abs(StudentT.cdf(t, degreesOfFreedom: df) - p) < 1e-10 * max(1, 1 / p), "df \(df), p \(p)")
            }
        }
    }

    @Test func cdfIsSymmetricAndIncreasing() {
        for df in [1.0, 2, 5, 30, 1000] {
            var previous = 0.0
            for step in -400...400 {
                let t = Double(step) / 20
                let p = StudentT.cdf(t, degreesOfFreedom: df)
                #expect(abs(p + StudentT.cdf(-t, degreesOfFreedom: df) - 1) < 1e-14, "symmetric at t \(t), df \(df)")
                #expect(p >= previous, "non-decreasing at t \(t), df \(df)")
                #expect(p >= 0 && p <= 1)
                previous = p
            }
            #expect(StudentT.cdf(0, degreesOfFreedom: df) == 0.5)
        }
    }

    @Test func oneDegreeOfFreedomIsCauchy() {
        for t in [-30.0, -2, -0.5, 0.25, 1, 8] {
            #expect(abs(StudentT.cdf(t, degreesOfFreedom: 1) - (0.5 + atan(t) / .pi)) < 1e-13)
        }
    }

    @Test func largeDegreesOfFreedomApproachTheNormal() {
        #expect(abs(StudentT.critical(confidence: 0.95, degreesOfFreedom: 1e7) - 1.959964) < 1e-5)
    }

    @Test func outOfDomainIsNaN() {
        #expect(StudentT.quantile(0, degreesOfFreedom: 3).isNaN)
        #expect(StudentT.quantile(1, degreesOfFreedom: 3).isNaN)
        #expect(StudentT.critical(confidence: 0.95, degreesOfFreedom: 0).isNaN)
        #expect(StudentT.cdf(.nan, degreesOfFreedom: 3).isNaN)
    }
}
