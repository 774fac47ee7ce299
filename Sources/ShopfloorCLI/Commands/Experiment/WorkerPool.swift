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
        /// Cell indices, ascending; a job is built only when a worker takes its cell (a job holds the
        /// cell's settings, modules and data files: about 1 KB, 10 GB for the 10,000,000 cells a design may have).
        var queue: [Int] = []
        var make: (@Sendable (Int) -> CellJob)?
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

    /// Runs the cells `indices` (in index order), each the job `make` builds when a worker takes it, and
    /// returns when each has a record or the pool was stopped.
    /// `wait` is called on this thread about ten times a second while cells run (progress, Ctrl-C).
    func run(_ indices: [Int], make: @escaping @Sendable (Int) -> CellJob, record: @escaping @Sendable (CellRecord) -> Void,
             wait: () -> Void) {
        state.withLock { s in
            s.queue = indices.sorted()
            s.make = make
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
        for lane in 0..<min(size, indices.count) {
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

    /// One lane: its worker takes the next cell until none is left. Two jobs are kept in flight, so the worker
    /// starts its next cell as soon as it has answered one, without waiting for this thread to be scheduled.
    /// When the worker dies, the oldest job in flight is the cell it was running (it reads a job only after
    /// answering the one before): that cell is recorded as failed; the other never started and goes to the
    /// next worker.
    private func work(lane: Int, deliver: (CellRecord) -> Void) {
        // A worker that died leaves a pipe whose write raises SIGPIPE in the writing thread: blocked here, the
        // write fails with EPIPE instead and the death is recorded (the process would end otherwise).
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        var pending: [CellJob] = []   // never started: sent again first
        var inFlight: [CellJob] = []  // sent to `worker`, not answered yet, oldest first
        var worker: WorkerProcess?
        var resent = Set<Int>()       // cells already sent again once after a worker died idle
        func replace(_ next: WorkerProcess?) {
            worker = next
            state.withLock { $0.workers[lane] = next }
        }
        while true {
            while inFlight.count < 2, !stopped {
                guard let job = pending.isEmpty ? nextJob() : pending.removeFirst() else { break }
                if worker == nil {
                    do { replace(try WorkerProcess(executable: executable)) } catch {
                        deliver(Self.failed(job, "\(error)"))
                        continue
                    }
                    if stopped { worker!.kill() }
                }
                guard worker!.send(job) else { pending.insert(job, at: 0); break }
                inFlight.append(job)
            }
            if stopped && inFlight.isEmpty { return }
            guard let oldest = inFlight.first ?? pending.first, let current = worker else { return }
            switch current.receive(for: oldest) {
            case .success(let cell):
                inFlight.removeFirst()
                deliver(cell)
            case .failure(let death):
                replace(nil)
                if stopped { return }
                if inFlight.isEmpty {
                    // Dead before it read anything of ours (killed while idle): its next cell tries a new worker once.
                    pending.removeFirst()
                    if resent.insert(oldest.key.index).inserted { pending.insert(oldest, at: 0) } else {
                        deliver(Self.failed(oldest, death.description))
                    }
                    continue
                }
                inFlight.removeFirst()
                deliver(Self.failed(oldest, death.description))
                pending = inFlight + pending
                inFlight = []
            }
        }
    }

    /// The next cell in index order, or nil when none is left.
    private func nextJob() -> CellJob? {
        let taken = state.withLock { s -> (Int, @Sendable (Int) -> CellJob)? in
            guard s.next < s.queue.count, let make = s.make else { return nil }
            defer { s.next += 1 }
            return (s.queue[s.next], make)
        }
        return taken.map { $0.1($0.0) }
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
