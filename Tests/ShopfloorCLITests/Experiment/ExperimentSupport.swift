import Foundation
import ShopfloorExperiment
import Testing

/// Small experiments over `scripts/bank_open.lua` (200 customers a cell, so a debug build runs dozens of
/// cells in seconds), written into a temporary folder.
enum ExperimentSupport {
    static let bankOpen = Shell.repository.path + "/scripts/bank_open.lua"

    /// An experiment file over bank_open with `replications` and extra lines inside the table.
    static func bank(replications: Int = 3, extra: String = "") -> String {
        """
        return shopfloor.experiment {
          scenario = "\(bankOpen)",
          seed = 7,
          params = { customers = 200, deposit_tellers = { 2, 3 } },
          use = { teller_policy = { "fifo", "cross_training" } },
          replications = \(replications),
          measure = { "classes.*.mean_wait", "pools.*.utilization" },
          compare = { by = "teller_policy", baseline = "fifo" },\(extra)
        }
        """
    }

    /// A shard file's cell lines with `timing` taken out (the only field that differs between runs), by index.
    static func cellLines(_ path: String) throws -> [Int: String] {
        let file = try ShardFile.read(path: path, dropsCutLine: false)
        var out: [Int: String] = [:]
        for var cell in file.cells {
            cell.timing = nil
            #expect(out[cell.index] == nil, "cell \(cell.index) twice in \(path)")
            out[cell.index] = ShardFile.line(.cell(cell))
        }
        return out
    }
}
