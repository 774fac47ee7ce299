import Foundation
import Testing
import ShopfloorBoard

/// `kill -9` in the middle of writes: the next process finds every acknowledged change, no half
/// task, and a history that matches the tasks.
@Suite("Board crash safety end to end", .serialized)
struct BoardCrashTests {
    /// Checks what a crash may leave: SQLite and board invariants hold, every task was added
    /// exactly once in history, and every acknowledged title is on the board.
    func expectConsistent(_ board: BoardFixture, acknowledged: Set<String>, attempted: Set<String>,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reopened = try board.open()
        try reopened.verifyIntegrity()
        let titles = Set(try reopened.list().all.map(\.title))
        #expect(acknowledged.isSubset(of: titles), "lost: \(acknowledged.subtracting(titles))", sourceLocation: sourceLocation)
        #expect(titles.isSubset(of: attempted), sourceLocation: sourceLocation)
        let adds = try reopened.history().filter { $0.kind == .add }
        #expect(Set(adds.map(\.taskID)).count == adds.count, sourceLocation: sourceLocation)
        #expect(try reopened.list().all.allSatisfy { task in adds.contains { $0.taskID == task.id } },
                sourceLocation: sourceLocation)
    }

    @Test func test_writerLoopKilledWithSIGKILL_losesNothingAcknowledged() throws {
        let board = try BoardFixture()
        try board.ok(["add", "seed"])
        var acknowledged: Set<String> = ["seed"]
        var attempted: Set<String> = ["seed"]
        for round in 0..<3 {
            let log = board.folder.path + "/acks-\(round).txt"
            // A writer that never stops by itself: adds, edits and undo/redo, logging each
            // acknowledged add (the line is printed only after its transaction committed).
            let script = """
                i=0
                while true; do
                  i=$((i+1))
                  "$SHOPFLOOR" board add "r\(round)-$i" --body "body $i" --db "$DB" >> "\(log)" || exit 1
                  if [ $((i % 4)) -eq 0 ]; then
                    "$SHOPFLOOR" board undo --db "$DB" >/dev/null && "$SHOPFLOOR" board redo --db "$DB" >/dev/null
                  fi
                done
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            var env = ProcessInfo.processInfo.environment
            env["SHOPFLOOR"] = Shell.executable.path
            env["DB"] = board.db
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = process.processIdentifier
            // Let it write for a while, then kill the loop and the `board` process in the middle
            // of its write, without warning: stop the loop (so it starts nothing new), SIGKILL
            // its child, then the loop.
            Thread.sleep(forTimeInterval: 1.0 + 0.35 * Double(round))
            kill(pid, SIGSTOP)
            let children = Self.children(of: pid)
            for child in children { kill(child, SIGKILL) }
            kill(pid, SIGKILL)
            process.waitUntilExit()
            for child in children { while kill(child, 0) == 0 { Thread.sleep(forTimeInterval: 0.01) } }

            let acks = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            let titles = acks.split(separator: "\n").compactMap { line -> String? in
                guard let open = line.firstIndex(of: "'"), let close = line.lastIndex(of: "'"), open < close else { return nil }
                return String(line[line.index(after: open)..<close])
            }
            #expect(!titles.isEmpty, "the writer acknowledged nothing in round \(round)")
            acknowledged.formUnion(titles)
            // The kill may fall between an undo and its redo: then the last task is rightly gone.
            if let last = titles.last, let number = Int(last.split(separator: "-").last ?? ""), number % 4 == 0 {
                acknowledged.remove(last)
            }
            let highest = titles.count + 5
            attempted.formUnion((1...highest).map { "r\(round)-\($0)" })
            try expectConsistent(board, acknowledged: acknowledged, attempted: attempted)
        }
    }

    /// The children of `pid` (Linux: `/proc/PID/task/*/children`).
    static func children(of pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

    @Test func test_addsKilledAtRandomMoments_leaveNoHalfTask() throws {
        let board = try BoardFixture()
        try board.ok(["add", "seed"])
        var acknowledged: Set<String> = ["seed"]
        var attempted: Set<String> = ["seed"]
        var random = SystemRandomNumberGenerator()
        for i in 0..<40 {
            let title = "kill-\(i)"
            attempted.insert(title)
            let process = Process()
            process.executableURL = Shell.executable
            process.arguments = ["board", "add", title, "--body", String(repeating: "x", count: 900), "--db", board.db]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.06, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationReason == .exit, process.terminationStatus == 0 || printed.contains("Added") {
                acknowledged.insert(title)
            }
        }
        try expectConsistent(board, acknowledged: acknowledged, attempted: attempted)
        // The board still takes writes after all that.
        try board.ok(["add", "after"])
        try board.open().verifyIntegrity()
    }
}
