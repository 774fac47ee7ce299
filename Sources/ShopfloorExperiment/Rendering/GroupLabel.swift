/// How renderings name a group: by its factor values and plugin choices, in the design's order
/// (factors, then plugin kinds), as `--set`/`--use` would spell them.
///
/// ```swift
/// GroupLabel.text(design, point: ["tellers": .number(2)], use: ["teller_policy": "fifo"])
/// // "tellers=2 teller_policy=fifo"
/// ```
enum GroupLabel {
    /// The column headers: factor names, then plugin kinds.
    static func headers(_ design: ExperimentDesign) -> [String] {
        design.factors.map(\.name) + design.uses.map(\.kind)
    }

    /// The values under ``headers(_:)``.
    static func values(_ design: ExperimentDesign, point: [String: FactorValue], use: [String: String]) -> [String] {
        design.factors.map { point[$0.name].map(Figures.value) ?? "–" } + design.uses.map { use[$0.kind] ?? "–" }
    }

    /// `name=value` pairs, space-separated; `(one group)` for a design without factors or plugin choices.
    static func text(_ design: ExperimentDesign, point: [String: FactorValue], use: [String: String]) -> String {
        let pairs = zip(headers(design), values(design, point: point, use: use)).map { "\($0)=\($1)" }
        return pairs.isEmpty ? "(one group)" : pairs.joined(separator: " ")
    }

    /// Ascending integers as runs of a common step: `[40, 42, 44, 50]` with step 2 → `40–44 step 2, 50`
    /// (a pair of a wider step stays a pair: `16, 20`);
    /// past six runs, the first three, the last and the count.
    static func runs(_ numbers: [Int], step: Int) -> String {
        var parts: [String] = []
        var i = 0
        while i < numbers.count {
            var j = i
            while j + 1 < numbers.count && numbers[j + 1] - numbers[j] == step { j += 1 }
            if j == i {
                parts.append(String(numbers[i]))
            } else if j == i + 1 && step != 1 {
                parts.append("\(numbers[i]), \(numbers[j])")
            } else {
                parts.append("\(numbers[i])–\(numbers[j])" + (step == 1 ? "" : " step \(step)"))
            }
            i = j + 1
        }
        // Scattered numbers (a partial merge of shards): the first few, then the last and the count.
        if parts.count > 6 { return parts.prefix(3).joined(separator: ", ") + ", … " + parts.last! + " (\(numbers.count) in all)" }
        return parts.joined(separator: ", ")
    }

    /// `cells 16–23`, or `cell 7` for a range of one.
    static func cells(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "cell \(range.lowerBound)" : "cells \(range.lowerBound)–\(range.upperBound)"
    }
}
