import Foundation

/// A shard file: JSON Lines, a header record then one record per cell (``ShardRecord``).
///
/// Written by `shopfloor experiment --out` (to `PATH.partial`, renamed at the end), read by `--resume` and by
/// `shopfloor merge`. A task killed mid-write leaves a last line without its newline: `--resume` drops it (the
/// cell runs again), `merge` refuses it.
public struct ShardFile: Sendable {
    public var header: ExperimentHeader
    public var cells: [CellRecord]

    public init(header: ExperimentHeader, cells: [CellRecord]) {
        self.header = header
        self.cells = cells
    }

    /// One record as its line (keys sorted, so equal records are equal bytes), newline included.
    public static func line(_ record: ShardRecord) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these plain structs cannot fail (no NaN reaches a record: measures are checked first).
        let data = (try? encoder.encode(record)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads `path`. A last line cut short (no newline) is dropped when `dropsCutLine`, else an error.
    public static func read(path: String, dropsCutLine: Bool) throws -> ShardFile {
        // The reason as the system gives it (Foundation's for a folder or a refused read is
        // "The operation could not be completed. (NSCocoaErrorDomain error 256.)").
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw ShardFileError(path: path, line: nil, message: "is a folder, not a shard file")
        }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            let fd = open(path, O_RDONLY)
            let reason = fd < 0 ? String(cString: strerror(errno)) : (error as NSError).localizedDescription
            if fd >= 0 { close(fd) }
            throw ShardFileError(path: path, line: nil, message: "cannot read: \(reason)")
        }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() } else if !lines.isEmpty {
            if !dropsCutLine {
                throw ShardFileError(path: path, line: lines.count,
                                     message: "the last line is cut short (no newline): the run writing it stopped; re-run that shard with --resume")
            }
            lines.removeLast()
        }
        let decoder = JSONDecoder()
        var header: ExperimentHeader?
        var cells: [CellRecord] = []
        for (i, line) in lines.enumerated() {
            let record: ShardRecord
            do { record = try decoder.decode(ShardRecord.self, from: Data(line)) } catch {
                throw ShardFileError(path: path, line: i + 1, message: "not a shard record: \(Self.describe(error))")
            }
            switch record {
            case .experiment(let h):
                guard i == 0 else {
                    throw ShardFileError(path: path, line: i + 1, message: "a second experiment header (only the first line may be one)")
                }
                // A header edited by hand must not crash the merge (a negative count, a grid beyond any
                // count) nor give figures of a design no experiment file could declare.
                if let problem = h.design.problem {
                    throw ShardFileError(path: path, line: 1, message: "the experiment header's design is not valid: \(problem) (was the file edited?)")
                }
                header = h
            case .cell(let cell):
                guard let header else {
                    throw ShardFileError(path: path, line: i + 1, message: "a cell before the experiment header (the first line must be one)")
                }
                guard cell.experiment == header.experiment else {
                    throw ShardFileError(path: path, line: i + 1,
                                         message: "cell \(cell.index) belongs to experiment \(cell.experiment.prefix(12)), the file's header to \(header.experiment.prefix(12))")
                }
                cells.append(cell)
            }
        }
        guard let header else { throw ShardFileError(path: path, line: nil, message: "empty: no experiment header") }
        return ShardFile(header: header, cells: cells)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing field '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c), DecodingError.dataCorrupted(let c):
            (c.codingPath.map(\.stringValue).joined(separator: ".") + " " + c.debugDescription).trimmingCharacters(in: .whitespaces)
        default: "\(error)"
        }
    }
}

/// A shard file that cannot be read, with the file and line at fault.
public struct ShardFileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var line: Int?
    public var message: String
    public var description: String { line.map { "\(path):\($0): \(message)" } ?? "\(path): \(message)" }
}
