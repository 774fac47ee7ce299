import Foundation
import ShopfloorExperiment
import ShopfloorScripting
import Synchronization

/// `--jobs N` worker processes taking cells in index order. Each finished cell goes to `record` (called
/// under a lock, one at a time); a worker that died is replaced and its cell recorded as failed. Which
/// worker ran which cell changes nothing: every cell is a pure function of its job, and results are sorted
/// by index before any arithmetic (``ExperimentResult``).
final class WorkerPool: @unchecked Sendable {
    private let executable: String
    private let size: Int
    private let state = Mutex<State>(State())
    /// Set by Ctrl-C (or a failure to start workers): no new cell starts, workers are killed.
    private let stopping = Atomic<Bool>(false)

    private struct State {
        var workers: [WorkerProcess?] = []
        var queue: [CellJob] = []
        var next = 0
        var done = 0
    }

    init(size: Int) {
        self.size = size
        executable = WorkerPool.executablePath()
    }

    /// Cells finished so far in the current `run`.
    var done: Int { state.withLock { $0.done } }

    /// Whether `stop()` was called.
    var stopped: Bool { stopping.load(ordering: .relaxed) }

    /// Runs `jobs` (in index order) and returns when each has a record or the pool was stopped.
    /// `wait` is called on this thread about ten times a second while cells run (progress, Ctrl-C).
    func run(_ jobs: [CellJob], record: @escaping @Sendable (CellRecord) -> Void, wait: () -> Void) {
        state.withLock { s in
            s.queue = jobs.sorted { $0.key.index < $1.key.index }
            s.next = 0
            s.done = 0
            if s.workers.count < size { s.workers += Array(repeating: nil, count: size - s.workers.count) }
        }
        let group = DispatchGroup()
        let delivery = Mutex<Void>(())
        let deliver: @Sendable (CellRecord) -> Void = { [self] cell in
            delivery.withLock { _ in
                record(cell)
                state.withLock { $0.done += 1 }
            }
        }
        for lane in 0..<min(size, jobs.count) {
            group.enter()
            let thread = Thread { [self] in
                work(lane: lane, deliver: deliver)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        while group.wait(timeout: .now() + 0.1) == .timedOut { wait() }
    }

    /// One lane: its worker takes the next cell until none is left.
    private func work(lane: Int, deliver: (CellRecord) -> Void) {
        // A worker that died leaves a pipe whose write raises SIGPIPE in the writing thread: blocked here, the
        // write fails with EPIPE instead and the death is recorded (the process would end otherwise).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        while !stopped {
            let job = state.withLock { s -> CellJob? in
                guard s.next < s.queue.count else { return nil }
                defer { s.next += 1 }
                return s.queue[s.next]
            }
            guard let job else { return }
            run(job, lane: lane, deliver: deliver, retries: 1)
        }
    }

    /// Runs `job` on the lane's worker (started if need be). A worker found dead before the cell started
    /// (killed while idle) is replaced and the cell tried again, `retries` times.
    private func run(_ job: CellJob, lane: Int, deliver: (CellRecord) -> Void, retries: Int) {
        var worker = state.withLock { $0.workers[lane] }
        if worker == nil {
            do {
                worker = try WorkerProcess(executable: executable)
            } catch {
                deliver(Self.failed(job, "\(error)"))
                return
            }
            state.withLock { $0.workers[lane] = worker }
            if stopped { worker!.kill() }
        }
        switch worker!.run(job) {
        case .success(let cell):
            deliver(cell)
        case .failure(let death):
            state.withLock { $0.workers[lane] = nil }
            if stopped { return }
            if death.beforeTheCell && retries > 0 { return run(job, lane: lane, deliver: deliver, retries: retries - 1) }
            deliver(Self.failed(job, death.description))
        }
    }

    /// The record of a cell whose worker could not run it.
    static func failed(_ job: CellJob, _ reason: String) -> CellRecord {
        CellRecord(experiment: job.experiment, key: job.key, seed: job.seed, measures: nil, error: reason, timing: nil)
    }

    /// Stops the pool: no new cell, every worker killed (their cells get no record).
    func stop() {
        stopping.store(true, ordering: .relaxed)
        let workers = state.withLock { $0.workers.compactMap { $0 } }
        for w in workers { w.kill() }
    }

    /// Lets every worker finish and exit.
    func shutDown() {
        let workers = state.withLock { s -> [WorkerProcess] in
            let all = s.workers.compactMap { $0 }
            s.workers = []
            return all
        }
        for w in workers { w.finish() }
    }

    /// This program's own file, which the workers run.
    static func executablePath() -> String {
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }
}
