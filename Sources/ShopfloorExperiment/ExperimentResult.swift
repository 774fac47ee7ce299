import Foundation

// PLACEHOLDER (lead, session 4): the API the `experiment` and `merge` commands call. The statistics helper
// replaces the bodies (Student's t, paired comparisons, the sequential rule, text/JSON rendering); the
// signatures are the contract between the two, change them only together.

/// The experiment's answer, built from its design and its cells — the same whichever machine, thread or
/// shard ran which cell: cells are sorted by index before any arithmetic.
public struct ExperimentResult: Sendable {
    public let header: ExperimentHeader
    /// Every cell, sorted by index.
    public let cells: [CellRecord]

    /// Fails on a cell of another experiment or a cell given twice.
    public init(header: ExperimentHeader, cells: [CellRecord]) throws {
        self.header = header
        self.cells = cells.sorted { $0.index < $1.index }
    }

    /// Cells that failed, by index.
    public var failedCells: [CellRecord] { cells.filter { $0.error != nil } }

    /// Whether the design's replication rule is met by the cells present (a fixed count: every group has its
    /// count; a sequential rule: every group is precise or at its maximum, judged on index prefixes).
    public var isComplete: Bool { true }

    /// The table, fitted to `width` columns.
    public func text(width: Int) -> String { "" }

    /// An offline HTML page (no external resources): the table, and confidence-interval charts per measure
    /// across the grid.
    public func html() -> String { "" }

    /// The same data as JSON (schema 1, keys sorted, no timing).
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var stripped = cells
        for i in stripped.indices { stripped[i].timing = nil }
        return String(decoding: (try? encoder.encode(stripped)) ?? Data(), as: UTF8.self)
    }
}
