import Foundation
import LuaKit
import ShopfloorText

// shopfloor-bench: prints figures; never fails on timing. Run in release:
//   swift run -c release shopfloor-bench [lua|probe|network]
// Method and results: docs/performance.md.

let arguments = Array(CommandLine.arguments.dropFirst())
let suites = arguments.isEmpty ? ["lua"] : arguments

for suite in suites {
    switch suite {
    case "lua": try LuaBridgeBenchmark.run()
    case "probe": try StateCostProbe.run()
    case "network": try NetworkBenchmark.run()
    default:
        FileHandle.standardError.write(Data((UnknownName.message("benchmark", suite, among: ["lua", "probe", "network"], label: "known") + "\n").utf8))
        exit(64)
    }
}
