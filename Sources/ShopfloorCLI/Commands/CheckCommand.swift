import ArgumentParser
import Foundation
import ShopfloorScripting

/// `shopfloor check FILE`: loads and validates a scenario — parameters, plugins, the world it
/// builds — without running it. Exit 0 when it would run, 1 with every problem listed.
struct CheckCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Load and validate a scenario, its parameters and plugins, without running it."
    )

    @Argument(help: ArgumentHelp("The scenario file (- reads it from standard input, as lua - does).", valueName: "file"), completion: .file(extensions: ["lua"]))
    var file: String

    @OptionGroup var scenario: ScenarioFlags
    @OptionGroup var lua: LuaOptions
    @OptionGroup var eventLimit: EventsPerInstantFlag

    func execute() throws {
        var options = try scenario.options(lua: lua)
        eventLimit.apply(to: &options)
        let report = try ScenarioCheck.check(file, options: options)
        if !report.problems.isEmpty {
            throw ScriptingError.problems(report.problems)
        }
        StandardStreams.output(report.summary + "\n")
    }
}

/// `shopfloor plugins`: what is installed, by kind, with descriptions and parameters.
struct PluginsCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the installed plugins by kind, with their descriptions and parameters."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Option(help: "Output format.")
    var format: Format = .text

    @Option(name: .customLong("plugins"), help: ArgumentHelp("An extra folder of plugins (repeatable).", valueName: "dir"), completion: .directory)
    var pluginFolders: [String] = []

    func execute() throws {
        try PluginFolders.check(pluginFolders)
        let folders = PluginRegistry.folders(forScenario: nil, extra: pluginFolders)
        // The board rules live in their own file, found as `shopfloor board` finds it.
        let rules = BoardRuleHost.defaultRulesFiles(environment: ProcessInfo.processInfo.environment)
            .filter { FileManager.default.fileExists(atPath: $0) }
        let listing = try PluginListing.load(files: Array(rules.prefix(1)), folders: folders)
        switch format {
        case .text: StandardStreams.output(listing.text)
        case .json: StandardStreams.output(listing.json.text + "\n")
        }
        // A broken plugin file does not hide the good ones: they are listed, then each broken file is
        // named on its own `error:` line, and the command fails (exit 1).
        guard !listing.failures.isEmpty else { return }
        for failure in listing.failures {
            StandardStreams.error("error: \(ShopfloorMain.visible(failure))\n")
        }
        throw ExitCode.failure
    }
}
