import Foundation
import ShopfloorExperiment
import ShopfloorScripting

/// `--out PATH.jsonl`: the header and one line per finished cell go to `PATH.partial` as they come (one
/// `write(2)` per line), then the file is synced and renamed to `PATH`. A task killed on the way leaves
/// `PATH.partial` whose last line may be cut short; `--resume` reads `PATH` or `PATH.partial`, drops that
/// line, refuses a file of another experiment, keeps the cells that finished there and runs the others (the failed
/// ones again).
final class ShardOutput: @unchecked Sendable {
    let path: String
    var partial: String { path + ".partial" }
    private var fd: Int32 = -1

    init(path: String) { self.path = path }

    /// The cells `--resume` finds for experiment `hash` (only those in `wanted`, first of each index), but not the
    /// failed ones: a cell fails by a limit as often as by a script error, and the limits are no part of the hash,
    /// so the usual next step after failed cells — raising `--time-budget` or `--memory-limit` — resumes and runs
    /// exactly them again. A script error fails again at once, at the cost of that cell alone.
    func resumable(hash: String, wanted: (Int) -> Bool) throws -> [CellRecord] {
        guard let source = resumeSource else { return [] }
        let file: ShardFile
        do { file = try ShardFile.read(path: source, dropsCutLine: true) } catch {
            throw ScriptingError.cannotWrite("--resume: \(error)")
        }
        guard file.header.experiment == hash else {
            throw ScriptingError.cannotWrite("--resume: \(source) belongs to another experiment (\(file.header.experiment.prefix(12))…, from \(file.header.file)); this one is \(hash.prefix(12))… (the file, scenario, plugins, modules, data files, environment variables read, --set/--use or version differ): remove it or choose another --out")
        }
        var seen = Set<Int>()
        return file.cells.filter { wanted($0.index) && $0.error == nil && seen.insert($0.index).inserted }
    }

    /// The file `--resume` reads: `PATH` when it exists, else `PATH.partial`; nil when neither does.
    var resumeSource: String? {
        FileManager.default.fileExists(atPath: path) ? path : FileManager.default.fileExists(atPath: partial) ? partial : nil
    }

    /// Starts `PATH.partial` with the header and `cells` (written beside it first, then renamed over it, so a
    /// kill here loses nothing a previous run wrote). The file beside it, `PATH.partial.new`, is covered by
    /// ``TemporaryFiles`` from before it exists until it is renamed: a signal that ends the process meanwhile
    /// (Ctrl-C, `kill`, a closed terminal) removes it, and so does a failure here. A symlink there is refused
    /// (`O_NOFOLLOW`), never followed to truncate its target.
    func start(header: ExperimentHeader, cells: [CellRecord]) throws {
        let fresh = partial + ".new"
        let covered = TemporaryFiles.register(fresh)
        defer { TemporaryFiles.forget(covered) }
        let out = open(fresh, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard out >= 0 else { throw failure(fresh) }
        var text = ShardFile.line(.experiment(header))
        for cell in cells { text += ShardFile.line(.cell(cell)) }
        fd = out
        do {
            try write(text, to: fresh)
            guard fsync(out) == 0, rename(fresh, partial) == 0 else { throw failure(partial) }
        } catch {
            close(out)
            fd = -1
            unlink(fresh)
            throw error
        }
    }

    /// Refuses a folder, and the experiment's own inputs (`protected`) as `PATH` or `PATH.partial`.
    func refuse(protected: [String]) throws {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { throw ScriptingError.cannotWrite("--out \(path): is a folder") }
        // Never the experiment file or its scenario (by identity: a symlink or hard link does not get past).
        for target in [path, partial] {
            var out = stat(), file = stat()
            guard stat(target, &out) == 0 else { continue }
            for name in protected where stat(name, &file) == 0 && file.st_dev == out.st_dev && file.st_ino == out.st_ino {
                throw ScriptingError.cannotWrite("--out \(path): \(target) is \(name), an input of the experiment")
            }
        }
    }

    /// Appends one cell's line.
    func append(_ cell: CellRecord) throws {
        try write(ShardFile.line(.cell(cell)), to: partial)
    }

    /// Syncs `PATH.partial` and renames it to `PATH`.
    func finish() throws {
        guard fd >= 0 else { return }
        defer { close(fd); fd = -1 }
        guard fsync(fd) == 0, rename(partial, path) == 0 else { throw failure(path) }
    }

    /// Closes `PATH.partial` and keeps it (Ctrl-C, failed cells: `--resume` goes on from it).
    func keep() {
        if fd >= 0 { fsync(fd); close(fd); fd = -1 }
    }

    private func write(_ text: String, to name: String) throws {
        var text = text
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { throw failure(name) }
                offset += n
            }
        }
    }

    private func failure(_ name: String) -> ScriptingError {
        .cannotWrite("--out \(name): \(String(cString: strerror(errno)))")
    }
}
