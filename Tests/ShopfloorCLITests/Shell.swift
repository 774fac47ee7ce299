import Foundation
// Test helpers every test target shares (TemporaryFolder), visible in every file of this target.
@_exported import ShopfloorTestSupport

/// Runs the built `shopfloor` binary as a user would, capturing stdout, stderr and the exit code.
struct Shell {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The `shopfloor` executable next to the test bundle (SwiftPM builds it: the test target
    /// depends on it).
    static let executable: URL = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("shopfloor")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/shopfloor")
    }()

    /// The repository's root (where `scripts/` lives), found from this source file.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL = repository,
                    environment: [String: String] = [:]) throws -> Result {
        try capture(executable, arguments, stdin: stdin, in: directory, environment: ["NO_COLOR": "1"].merging(environment) { $1 })
    }

    /// Runs any program with `environment` added to ours, feeding it `stdin` (else end of input at once),
    /// and captures its output and exit code.
    static func capture(_ executable: URL, _ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                        environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child cannot block on a full pipe.
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// Runs one of the Python terminal drivers in `Tests/Terminal/` against the built binary; they print
    /// a line per check and "N passed, N failed".
    static func runTerminalDriver(_ script: String) throws -> Result {
        try capture(URL(fileURLWithPath: "/usr/bin/env"),
                    ["python3", repository.path + "/Tests/Terminal/" + script, executable.path, repository.path])
    }
}
