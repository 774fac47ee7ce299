import Foundation
import LuaKit
import ShopfloorCore

/// `shopfloor check`: everything `run` would refuse, found without running.
public enum ScenarioCheck {
    public struct Report {
        public var problems: [String]
        /// One line describing the world when there is no problem.
        public var summary: String
    }

    public static func check(_ file: String, options: ScenarioOptions) throws -> Report {
        var problems: [String] = []
        // Parameters: every --set is checked against its declaration while loading; collect them all.
        let world: World
        do {
            // A console scenario's menu loop sees end of input at once, and what the script prints
            // while loading is not shown: check never waits for a keyboard, and prints only its verdict.
            world = try Scenario.load(file, options: options, collectProblems: true) { world in
                world.input = { _ in nil }
                world.output = { _ in }
            }
        } catch ScriptingError.problems(let list) {
            return Report(problems: list, summary: "")
        } catch {
            problems.append(String(describing: Scenario.userFacing(error)))
            // Report the other --set problems too, when the load got far enough to know them.
            return Report(problems: problems, summary: "")
        }
        let simulation = world.simulation
        if !simulation.tasks.isEmpty {
            let served = Set(simulation.pools.flatMap(\.skills))
            for (i, task) in simulation.tasks.enumerated() where !served.contains(i) {
                problems.append("task '\(task.name)' has no teller who can serve it: its customers would wait forever")
            }
            if world.stopRule == .idle, world.hasOpenEndedArrivals, options.until == nil, world.stock?.stopAfterOrders == nil {
                problems.append("arrivals never stop on their own: add shopfloor.stop { served = N } or { time = T }, or pass --until T")
            }
        }
        let tasks = simulation.tasks.map(\.name).joined(separator: ", ")
        let pools = simulation.pools.map { "\($0.name)×\($0.tellers.count)" }.joined(separator: ", ")
        var summary = "\(file): ok"
        if !simulation.tasks.isEmpty { summary += " — tasks: \(tasks); tellers: \(pools)" }
        let plugins = world.chosenPlugins.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }
        if !plugins.isEmpty { summary += "; plugins: " + plugins.joined(separator: ", ") }
        return Report(problems: problems, summary: summary)
    }
}
