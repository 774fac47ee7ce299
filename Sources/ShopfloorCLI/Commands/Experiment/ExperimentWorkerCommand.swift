import ArgumentParser
import Foundation
import ShopfloorExperiment
import ShopfloorScripting

/// `shopfloor experiment-worker` (hidden): the worker process of `shopfloor experiment`. Reads one
/// ``CellJob`` per line on stdin, runs it (``CellRunner``), writes its cell record as one line on stdout,
/// until stdin ends. Long-lived: one process runs many cells, one at a time, each in a fresh world.
///
/// Anything else that would reach stdout (a stray print) goes to stderr instead, so the answer channel
/// carries records only; Ctrl-C is ignored (the parent decides and kills its workers). The jobs are read
/// from a copy of stdin, and stdin itself is `/dev/null`: a cell that reads standard input (`io.read()` with
/// `--allow-io`) reads nothing, every time, instead of taking the next cells' jobs (input no hash covers).
struct ExperimentWorkerCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "experiment-worker",
        abstract: "Run experiment cells read as JSON lines on stdin (used by shopfloor experiment).",
        shouldDisplay: false
    )

    func execute() throws {
        signal(SIGINT, SIG_IGN)
        let answers = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let jobs = dup(STDIN_FILENO)
        let empty = open("/dev/null", O_RDONLY)
        if empty >= 0 { dup2(empty, STDIN_FILENO); close(empty) }
        for fd in [answers, jobs] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard jobs >= 0, let input = fdopen(jobs, "r") else { throw ValidationError("experiment-worker: cannot read its jobs") }
        let decoder = JSONDecoder()
        while let line = Self.line(from: input) {
            let job: CellJob
            do { job = try decoder.decode(CellJob.self, from: Data(line.utf8)) } catch {
                throw ValidationError("experiment-worker: not a cell job: \(line.prefix(80))")
            }
            let record = CellRunner.run(job, version: ShopfloorVersion.number)
            let text = ShardFile.line(.cell(record))
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { write(answers, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { throw ExitCode(1) }
                offset += n
            }
        }
    }

    /// The next line of `file` without its newline, or nil at the end.
    private static func line(from file: UnsafeMutablePointer<FILE>) -> String? {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        let n = getline(&buffer, &capacity, file)
        guard n > 0, let buffer else { return nil }
        var bytes = UnsafeRawBufferPointer(start: buffer, count: n)
        if bytes.last == UInt8(ascii: "\n") { bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast()) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
