import Foundation
import ShopfloorExperiment
import ShopfloorScripting
import Synchronization

/// Where finished cells go: kept for the result, appended to `--out`'s `.partial` file as they come, and
/// (a shard without `--out`) written to stdout by the main thread (``flushStream()``).
final class ExperimentSink: @unchecked Sendable {
    private let out: ShardOutput?
    private let streams: Bool
    private let state = Mutex<State>(State())

    private struct State {
        var cells: [CellRecord] = []
        var indices = Set<Int>()
        var pending: [String] = []
        var writeError: Error?
    }

    /// Opens `out` (resuming from it when `resume`), and writes the header where records go.
    init(header: ExperimentHeader, out: ShardOutput?, resume: Bool, streams: Bool, protected: [String], wanted: (Int) -> Bool) throws {
        self.out = out
        self.streams = streams
        try out?.refuse(protected: protected)
        let kept = resume ? try out?.resumable(hash: header.experiment, wanted: wanted) ?? [] : []
        try out?.start(header: header, cells: kept)
        state.withLock { s in
            s.cells = kept
            s.indices = Set(kept.map(\.index))
            if streams { s.pending = [ShardFile.line(.experiment(header))] + kept.map { ShardFile.line(.cell($0)) } }
        }
    }

    func has(_ index: Int) -> Bool { state.withLock { $0.indices.contains(index) } }
    var count: Int { state.withLock { $0.cells.count } }
    var cells: [CellRecord] { state.withLock { $0.cells } }
    var failed: [CellRecord] { state.withLock { $0.cells.filter { $0.error != nil } } }

    /// A worker's record (any thread, one at a time).
    func receive(_ cell: CellRecord) {
        state.withLock { s in
            s.cells.append(cell)
            s.indices.insert(cell.index)
            if streams { s.pending.append(ShardFile.line(.cell(cell))) }
            if s.writeError == nil, let out {
                do { try out.append(cell) } catch { s.writeError = error }
            }
        }
    }

    /// Writes the records waiting for stdout (main thread).
    func flushStream() {
        let lines = state.withLock { s -> [String] in defer { s.pending = [] }; return s.pending }
        for line in lines { StandardStreams.output(line) }
        if !lines.isEmpty { StandardStreams.flush() }
    }

    /// Renames `.partial` to its final name; the first write error, if any.
    func finish() throws {
        if let error = state.withLock({ $0.writeError }) { out?.keep(); throw error }
        try out?.finish()
    }

    /// Keeps `.partial` as it is (interrupted).
    func keep() { out?.keep() }
}
