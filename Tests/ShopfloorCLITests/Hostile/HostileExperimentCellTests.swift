import Foundation
import Testing

/// Cells that fail must not take the experiment with them: a script error, a runaway loop (the time budget)
/// and a finalizer that never returns (which ends its whole worker process) are each recorded against their
/// cell with the reason, the sibling cells finish, and the command exits 1 naming the failed cells.
@Suite("Hostile: experiment cells that fail")
struct HostileExperimentCellTests {
    static let scenario = """
        local p = shopfloor.params {
          fault = { default = "none", choices = { "none", "error", "loop", "finalizer" } },
        }
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(1) }
        bank:tellers { skill = "deposit", count = 1 }
        for _ = 1, 5 do bank:arrive "deposit" end
        if p.fault == "error" then error("this cell fails on purpose") end
        if p.fault == "loop" then while true do end end
        if p.fault == "finalizer" then setmetatable({}, { __gc = function() while true do end end }) end
        """

    @Test func test_failingAndStuckCells_areRecorded_whileSiblingsFinish() throws {
        let folder = try TemporaryFolder()
        _ = folder.write("s.lua", Self.scenario)
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua",
              params = { fault = { "none", "error", "loop", "finalizer" } },
              replications = 2,
              measure = "classes.deposit.mean_wait",
            }
            """)
        let r = try Shell.runWithin(120, ["experiment", file, "--jobs", "2", "--time-budget", "0.3", "--out", folder.path("o.jsonl")])
        #expect(r.exitedCleanly, "crashed or hung: \(String(describing: r.signal))")
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: 6 of 8 cells failed (the others ran):", "\(r.stderr)")
        for cell in [1, 5] {
            #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.hasSuffix("s.lua:8: this cell fails on purpose") }, "\(r.stderr)")
        }
        for cell in [2, 6] {
            #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.contains("s.lua:9: script exceeded its time budget") }, "\(r.stderr)")
        }
        for cell in [3, 7] {
            #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.contains("its worker process exited with status 1: a __gc metamethod (finalizer) ran for over") }, "\(r.stderr)")
        }
        // Every cell has its record; the healthy ones have their measure.
        let cells = try ExperimentSupport.cellLines(folder.path("o.jsonl"))
        #expect(cells.keys.sorted() == Array(0..<8))
        for cell in [0, 4] { #expect(cells[cell]!.contains("\"measures\":{\"classes.deposit.mean_wait\":2}"), "\(cells[cell]!)") }
        // Nothing else written, and the scenario untouched.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["e.lua", "o.jsonl", "s.lua"])
        #expect(try String(contentsOfFile: folder.path("s.lua"), encoding: .utf8) == Self.scenario)
    }
}
