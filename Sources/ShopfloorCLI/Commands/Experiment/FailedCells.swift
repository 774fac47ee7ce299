import ShopfloorExperiment

/// Cells that failed: the command's error (exit 1), one line per cell with its `file:line` message.
struct FailedCells: Error, CustomStringConvertible {
    var cells: [CellRecord]
    var total: Int
    var design: ExperimentDesign

    var description: String {
        var out = cells.count < total ? "\(cells.count) of \(total) cells failed (the others ran):"
            : total == 1 ? "the one cell failed:" : "all \(total) cells failed:"
        for cell in cells.sorted(by: { $0.index < $1.index }) {
            let point = cell.point.keys.sorted().map { "\($0)=\(cell.point[$0]!)" } + cell.use.keys.sorted().map { "\($0)=\(cell.use[$0]!)" }
            out += "\n  cell \(cell.index) (replication \(cell.replication)\(point.isEmpty ? "" : "; " + point.joined(separator: ", "))): \(cell.error ?? "")"
        }
        return out
    }
}
