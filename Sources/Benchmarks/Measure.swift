import Foundation

/// Times a block several times and reports the median per operation.
enum Measure {
    /// Median nanoseconds per operation over `repetitions` runs of `operations` operations.
    static func nanosecondsPerOperation(operations: Int, repetitions: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        try body() // warm-up
        for _ in 0..<repetitions {
            let clock = ContinuousClock()
            let elapsed = try clock.measure { try body() }
            let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
            samples.append(ns / Double(operations))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func row(_ name: String, _ value: Double, unit: String, target: String) {
        let figure = value >= 1000 && unit == "ns" ? String(format: "%.1f µs", value / 1000) : String(format: "%.1f %@", value, unit)
        print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + figure.padding(toLength: 14, withPad: " ", startingAt: 0) + target)
    }
}
