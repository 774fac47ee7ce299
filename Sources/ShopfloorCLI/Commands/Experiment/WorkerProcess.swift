import Foundation
import ShopfloorExperiment
import ShopfloorScripting
import Synchronization

/// One worker: a child process of this same binary (`shopfloor experiment-worker`) that runs cells one at a
/// time — a job as a JSON line on its stdin, a cell record as a line on its stdout.
///
/// Cells run in processes, not threads, because a call that cannot be interrupted ends its whole process at
/// twice the time budget (`TimeBudget`): here it ends one worker, whose cell is recorded as failed with the
/// worker's last words (`script exceeded its time budget …`), and a new worker takes the next cell.
final class WorkerProcess: @unchecked Sendable {
    let pid: pid_t
    private let input: Int32
    private let output: RecordLineReader
    private let errors: Int32
    /// The last bytes the worker wrote to stderr, read by a thread of their own (so a chatty worker never blocks).
    private let errorTail = Mutex<[UInt8]>([])
    private let errorsDone = DispatchSemaphore(value: 0)

    /// How a worker that stopped answering ended.
    struct Death: Error, CustomStringConvertible {
        var description: String
    }

    /// Held from creating a worker's pipes to spawning it: pipes are made close-on-exec with a second call,
    /// and a worker spawned in between by another thread would inherit them.
    private static let spawning = Mutex<Void>(())

    init(executable: String) throws {
        let (child, input, output, errors) = try Self.spawning.withLock { _ in try Self.spawn(executable) }
        pid = child
        self.input = input
        self.output = RecordLineReader(fd: output)
        self.errors = errors
        let thread = Thread { [self] in collectErrors() }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Starts `executable experiment-worker` with three pipes; returns its pid and our ends (stdin, stdout, stderr).
    private static func spawn(_ executable: String) throws -> (pid_t, Int32, Int32, Int32) {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0], errChild: [Int32] = [0, 0]
        // Close-on-exec, so no other worker inherits this one's pipes (its stdin would never see end of input).
        guard pipe(&toChild), pipe(&fromChild), pipe(&errChild) else {
            throw Death(description: "cannot create a pipe for a worker: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errChild[1], 2)
        var child: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("experiment-worker"), nil]
        defer { for a in argv { free(a) } }
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        for fd in [toChild[0], fromChild[1], errChild[1]] { close(fd) }
        guard status == 0 else {
            for fd in [toChild[1], fromChild[0], errChild[0]] { close(fd) }
            throw Death(description: "cannot start a worker (\(executable)): \(String(cString: strerror(status)))")
        }
        return (child, toChild[1], fromChild[0], errChild[0])
    }

    private var inputOpen = true
    private var reaped: String?

    private static func pipe(_ fds: inout [Int32]) -> Bool {
        guard Glibc.pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    deinit {
        closeInput()
        output.close()
    }

    private func closeInput() {
        if inputOpen { close(input); inputOpen = false }
    }

    /// Sends `job` (the worker reads it once it has answered the jobs before); false when the worker has ended.
    func send(_ job: CellJob) -> Bool {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = (try? encoder.encode(job)) ?? Data()
        line.append(UInt8(ascii: "\n"))
        return line.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let n = write(input, bytes.baseAddress! + offset, bytes.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// The record of the oldest job sent and not answered yet; a `Death` when the worker ended first (or
    /// answered something else, and was ended for it).
    func receive(for job: CellJob) -> Result<CellRecord, Death> {
        guard let answer = output.next() else { return .failure(Death(description: reap())) }
        if let record = try? JSONDecoder().decode(ShardRecord.self, from: Data(answer)), case .cell(let cell) = record,
           cell.index == job.key.index {
            return .success(cell)
        }
        kill()
        _ = reap()
        return .failure(Death(description: "its worker process answered something else than this cell's record"))
    }

    /// Ends the worker at once (Ctrl-C): the thread waiting on it sees its end.
    func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// Closes the worker's stdin: it finishes and exits; waits for that.
    func finish() {
        closeInput()
        _ = reap()
    }

    /// Waits for the worker's end and says how it ended: its last line on stderr when it said why
    /// (`script exceeded its time budget …`), else its exit status or signal.
    private func reap() -> String {
        if let reaped { return reaped }
        let reason = waitForEnd()
        reaped = reason
        return reason
    }

    private func waitForEnd() -> String {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        errorsDone.wait()
        errorsDone.signal()
        let tail = errorTail.withLock { String(decoding: $0, as: UTF8.self) }
        let said = tail.split(separator: "\n").last.map { String($0) }
        let signal = status & 0x7f
        let how = signal != 0 ? "killed by signal \(signal)\(signal == SIGKILL ? " (SIGKILL: out of memory?)" : "")"
            : "exited with status \((status >> 8) & 0xff)"
        guard let said, !said.isEmpty else { return "its worker process \(how)" }
        let reason = said.hasPrefix("error: ") ? String(said.dropFirst(7)) : said
        return "its worker process \(how): \(reason)"
    }

    private func collectErrors() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(errors, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            errorTail.withLock { tail in
                tail.append(contentsOf: buffer[..<n])
                if tail.count > 4096 { tail.removeFirst(tail.count - 4096) }
            }
        }
        close(errors)
        errorsDone.signal()
    }
}
