import Foundation

extension Shell {
    /// What a bounded run saw: the usual result, whether the process ended by itself before the
    /// bound (else it was killed), and the signal that ended it, if one did.
    struct BoundedResult {
        var result: Result
        var endedByItself: Bool
        var signal: Int32?
        var stdout: String { result.stdout }
        var stderr: String { result.stderr }
        var status: Int32 { result.status }
        /// Ended by itself, with an exit code (no crash, no hang).
        var exitedCleanly: Bool { endedByItself && signal == nil }
    }

    /// Runs `shopfloor` as ``run(_:stdin:in:environment:)`` does, but kills it (SIGKILL) if it has not
    /// ended after `seconds`: hostile inputs must neither crash nor hang, and a hang must fail the
    /// test, not the suite. The bound is a ceiling, never a sleep: a process that ends returns at once.
    static func runWithin(_ seconds: Double, _ arguments: [String], stdin: String? = nil, in directory: URL = repository,
                          environment: [String: String] = [:]) throws -> BoundedResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"].merging(environment) { $1 }) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        let readers = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            readers.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                if isOut { outData = data } else { errData = data }
                readers.leave()
            }
        }
        let byItself = ended.wait(timeout: .now() + seconds) == .success
        if !byItself {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        readers.wait()
        let signal = process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        return BoundedResult(result: Result(stdout: String(decoding: outData, as: UTF8.self),
                                            stderr: String(decoding: errData, as: UTF8.self),
                                            status: process.terminationStatus),
                             endedByItself: byItself, signal: byItself ? signal : nil)
    }
}
