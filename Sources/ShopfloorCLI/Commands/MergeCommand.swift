import ArgumentParser
import Foundation
import ShopfloorExperiment
import ShopfloorScripting

/// `shopfloor merge FILE…`: combines shard files (`shopfloor experiment --shard K/N --out PATH`), in any
/// order, into exactly the result one machine would print: cells are sorted by index before any
/// arithmetic. Refuses shards of different experiments and a cell given twice, naming the files.
///
/// Exit codes: 0 the result printed; 1 a file that cannot be read or merged, or cells that failed
/// (printed, then named); 3 with `--need` while the replication rule needs more cells; 64 usage.
struct MergeCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine an experiment's shard files into its result (the same bytes as one machine's run).",
        discussion: """
            Shards come from `shopfloor experiment FILE --shard K/N --out PATH.jsonl`, in any order. \
            With --need, prints per group how many more replications the precision rule needs and the \
            cells to run, and exits with 3 while more are needed (0 when complete).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("Shard files (JSON Lines) of one experiment.", valueName: "file"), completion: .file(extensions: ["jsonl"]))
    var files: [String]

    @Option(help: "Output format.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Also write the result as a self-contained HTML page.", valueName: "path"), completion: .file(extensions: ["html", "htm"]))
    var report: String?

    @Flag(help: "Print what the replication rule still needs; exit 3 while more cells are needed.")
    var need = false

    func validate() throws {
        if let twice = files.enumerated().first(where: { files[..<$0.offset].contains($0.element) })?.element {
            throw ValidationError("\(twice) is named twice")
        }
        if let report, !(report.lowercased().hasSuffix(".html") || report.lowercased().hasSuffix(".htm")) {
            throw ValidationError("--report \(report): the file must end in .html")
        }
    }

    func execute() throws {
        let result = try ExperimentResult(shards: try files.map(Self.read))
        if let report, let shard = files.first(where: { Self.sameFile($0, report) }) {
            throw MergeError("--report \(report): is the shard file \(shard); refusing to overwrite it")
        }
        let reportFile = try report.map { try OutputFile(path: $0, option: "--report", protected: files) }
        switch (format, need) {
        case (.json, _): StandardStreams.output(result.json() + "\n")
        case (.text, true): StandardStreams.output(result.needText(width: BoardTerminal.current().width))
        case (.text, false): StandardStreams.output(result.text(width: BoardTerminal.current().width))
        }
        if let reportFile {
            try reportFile.write(result.html())
            try reportFile.commit(protected: files)
        }
        let failed = result.failedCells
        if !failed.isEmpty {
            let list = failed.prefix(10).map { String($0.index) }.joined(separator: ", ") + (failed.count > 10 ? ", …" : "")
            throw CommandFailure(MergeError("\(failed.count) cell\(failed.count == 1 ? "" : "s") failed: \(list)"))
        }
        if need && !result.isComplete { throw ExitCode(3) }
    }

    /// One shard file; a path that does not exist is named (an unexpanded glob said so).
    static func read(_ path: String) throws -> (path: String, shard: ShardFile) {
        if !FileManager.default.fileExists(atPath: path) {
            let glob = path.contains { "*?[".contains($0) }
            throw MergeError(glob ? "\(path): no file matches this pattern" : "\(path): no such file")
        }
        return (path, try ShardFile.read(path: path, dropsCutLine: false))
    }
}

extension MergeCommand {
    /// Whether two paths name one file (device and inode), through any symlink or hard link.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}

/// A merge that cannot be made, in one line.
struct MergeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ExperimentResult {
    /// The result of shard files: one experiment (the same hash in every header), no cell twice.
    /// The header kept is the same whatever the order of the files (the least by its bytes), so the
    /// output is too.
    init(shards: [(path: String, shard: ShardFile)]) throws {
        guard let first = shards.first else { throw MergeError("no shard files") }
        for other in shards.dropFirst() where other.shard.header.experiment != first.shard.header.experiment {
            throw MergeError("\(first.path) and \(other.path) are shards of different experiments "
                             + "(\(first.shard.header.experiment.prefix(12)) and \(other.shard.header.experiment.prefix(12)))")
        }
        var seen: [Int: String] = [:]
        var cells: [CellRecord] = []
        for (path, shard) in shards {
            for cell in shard.cells {
                if let earlier = seen[cell.index] {
                    throw MergeError(earlier == path ? "cell \(cell.index) appears twice in \(path)"
                                                     : "cell \(cell.index) is in both \(earlier) and \(path)")
                }
                seen[cell.index] = path
                cells.append(cell)
            }
        }
        let header = shards.map(\.shard.header).min { ShardFile.line(.experiment($0)) < ShardFile.line(.experiment($1)) }!
        do {
            try self.init(header: header, cells: cells)
        } catch let error as ExperimentResultError {
            // Name the file holding the cell at fault.
            guard case .misnumbered(let index, _) = error, let path = seen[index] else { throw error }
            throw MergeError("\(path): \(error)")
        }
    }
}
