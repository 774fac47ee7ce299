import Foundation
@testable import ShopfloorBoard
// Test helpers every test target shares (TemporaryFolder), visible in every file of this target.
@_exported import ShopfloorTestSupport

/// A clock the test moves by hand, so history times and versions are exact.
final class ManualClock: @unchecked Sendable {
    var current: Date

    init(_ iso: String = "2026-05-01T09:00:00Z") {
        current = ISO8601DateFormatter().date(from: iso)!
    }

    func advance(seconds: TimeInterval = 1) { current += seconds }

    var now: () -> Date { { [unowned self] in self.current } }
}

func due(_ text: String) -> DueDate { DueDate(text)! }

/// A calendar fixed to one time zone, so "today" does not depend on the machine running the tests.
func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
}

func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

/// The error `body` throws, as a `BoardError` (nil if it threw nothing or something else).
func boardError(_ body: () throws -> Void) -> BoardError? {
    do {
        try body()
        return nil
    } catch {
        return error as? BoardError
    }
}

extension Board {
    /// The history messages, oldest first.
    func messages() throws -> [String] { try history().map(\.message) }
}

/// A tiny seeded generator, so the property test repeats exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Collects what a rule saw (rules run synchronously on the caller's behalf).
final class Recorder: @unchecked Sendable {
    var items: [String] = []
}
