import ArgumentParser
import Foundation
import LuaKit
import ShopfloorCore
import ShopfloorScripting

/// `shopfloor run FILE`: builds the scenario's world, runs it, prints its lines and a summary.
struct RunCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua scenario file.",
        discussion: """
            The scenario's own lines come first, then a summary table. With --format json, stdout is \
            exactly one JSON object and the scenario's printing goes to stderr.
            Arguments after -- reach the script as the global table `arg` (arg[0] is the file) and as `...`.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The scenario file (- reads it from standard input, as lua - does).", valueName: "file"), completion: .file(extensions: ["lua"]))
    var file: String

    @Option(name: .customLong("until"), help: ArgumentHelp("Stop at this simulated time instead of the scenario's own rule.", valueName: "seconds"))
    var until: Double?

    @Option(help: ArgumentHelp("Reset statistics at this simulated time (the run is not disturbed).", valueName: "seconds"))
    var warmup: Double?

    @OptionGroup var eventLimit: EventsPerInstantFlag

    @Option(name: .customLong("wall-limit"), help: ArgumentHelp(
        "Stop with an error once the command has run this many wall-clock seconds; 0.001 to 1e9.", valueName: "seconds"))
    var wallLimit: Double?

    @Option(help: "Output: the scenario's lines and a summary table, or one JSON object.")
    var format: Format = .text

    @Option(help: ArgumentHelp("Write one record per event: CSV when the path ends in .csv, else JSON Lines.", valueName: "path"), completion: .file())
    var trace: String?

    @Flag(help: "Show the run as a live terminal view, paced to the wall clock.")
    var live = false

    @Option(help: ArgumentHelp("With --live: simulated seconds per wall-clock second (default 1).", valueName: "x"))
    var speed: Double?

    @Flag(help: "With --live: reload scripts when they change on disk (a broken edit is shown; the old version keeps running).")
    var watch = false

    @Option(help: ArgumentHelp("Write a report: self-contained HTML with charts (.html) or the same data as JSON (.json).", valueName: "path"), completion: .file(extensions: ["html", "htm", "json"]))
    var report: String?

    @OptionGroup var scenario: ScenarioFlags
    @OptionGroup var lua: LuaOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the script.", valueName: "args"))
    var arguments: [String] = []

    func validate() throws {
        // Options the live view would silently ignore are refused first, terminal or not.
        if live, report != nil {
            throw ValidationError("--live cannot be combined with --report (the view's run is not recorded): run without --live to write a report")
        }
        if live, warmup != nil {
            throw ValidationError("--live cannot be combined with --warmup (the view shows the figures from time 0): run without --live for a warm-up")
        }
        if speed != nil && !live { throw ValidationError("--speed works with --live") }
        if live && !Terminal.canDraw {
            throw ValidationError("--live needs a terminal (stdin and stdout a TTY, TERM not dumb); run without --live, or with --format json or --report")
        }
        if live && (format == .json) { throw ValidationError("--live cannot be combined with --format json") }
        if watch && !live { throw ValidationError("--watch works with --live") }
        if let speed, !(speed > 0 && speed.isFinite) { throw ValidationError("--speed must be a positive number (got \(speed))") }
        if let until, !(until >= 0 && until.isFinite) { throw ValidationError("--until must be a time >= 0 (got \(until))") }
        if let wallLimit, !(wallLimit >= 0.001 && wallLimit <= 1e9) {
            throw ValidationError("--wall-limit must be from 0.001 to 1e9 seconds (got \(wallLimit))")
        }
        if let warmup, !(warmup >= 0 && warmup.isFinite) { throw ValidationError("--warmup must be a time >= 0 (got \(warmup))") }
        if let report, !(report.lowercased().hasSuffix(".html") || report.lowercased().hasSuffix(".htm") || report.lowercased().hasSuffix(".json")) {
            throw ValidationError("--report \(report): the file must end in .html or .json")
        }
        try OutputPathClash.refuse([("--trace", trace), ("--report", report)])
        if let until, let warmup, warmup > until { throw ValidationError("--warmup (\(warmup)) must not be after --until (\(until))") }
    }

    /// Writes the report into `file` (opened before the run) and puts it in place.
    private func writeReport(_ file: OutputFile, world: World, recorder: RunRecorder) throws {
        let document = RunReport.json(world: world, recorder: recorder, version: ShopfloorVersion.number)
        let text = file.path.lowercased().hasSuffix(".json") ? document.text + "\n" : HTMLReport.render(document)
        try file.write(text)
        try file.commit(protected: world.lua.loadedFiles)
    }

    func execute() throws {
        var options = try scenario.options(lua: lua)
        options.arguments = arguments
        eventLimit.apply(to: &options)
        // With JSON on stdout, the scenario's own printing goes to stderr.
        let toStderr = format == .json
        let output: (String) -> Void = { text in
            if toStderr { StandardStreams.error(text) } else { StandardStreams.output(text) }
        }
        // Output files open before anything runs (a bad path fails at once) and are put in place
        // at the end; never the scenario or a script it loads (OutputFile).
        let traceWriter = try trace.map { try TraceWriter(path: $0, protected: [file]) }
        let reportFile = try report.map { try OutputFile(path: $0, option: "--report", protected: [file]) }
        // On any error: temporary files go, a regular file at the path stays as it was.
        defer {
            traceWriter?.file.discard()
            reportFile?.discard()
        }
        let world = try Scenario.load(file, options: options) { world in
            // Limits first, so they hold for a run the script starts itself too: --until is a hard stop
            // (--max-events-per-instant is set from the options, before this).
            if let until { world.simulation.limits.horizon = until }
            if let wallLimit { world.simulation.limits.wallClock(seconds: wallLimit) }
            world.output = output
            world.input = { prompt in
                if let prompt { output(prompt) }
                StandardStreams.flush()
                return readLine(strippingNewline: true)
            }
            if let traceWriter {
                world.eventSinks.append { event, world in traceWriter.write(event, in: world) }
                world.stock?.sinks.append { traceWriter.write($0) }
            }
        }
        StandardStreams.flush()  // what the scenario printed while loading
        if live {
            // The scenario's own printing would scroll the view away: it is dropped while the view shows.
            let printing = world.output
            world.output = { _ in }
            let reload = watch ? ReloadService(world: world, file: file, options: options) : nil
            let view = LiveView(world: world, speed: speed ?? 1, reload: reload)
            try view.run()
            world.output = printing  // back on the normal screen: what on("end") prints shows, as in a plain run
            // Back on the normal screen: what was done, as a plain run prints it.
            var stoppedBy: StopCause?
            if !view.finished { stoppedBy = view.interrupted ? .interrupted : .quit }
            // Finished, quit or Ctrl-C: a normal end between two events (an error left the view by throwing).
            try Scenario.reportEnd(world)
            try printSummary(world, stoppedBy: stoppedBy)
            try traceWriter?.close(protected: world.lua.loadedFiles)
            if view.interrupted { throw ExitCode(RunInterruption.exitStatus) }
            return
        }
        let progressLine = ProgressLine.forStandardError()
        defer { progressLine?.finish() }
        let recorder = report == nil ? nil : RunRecorder()
        if let recorder { recorder.sample(world.simulation) }
        // Always in slices, so Ctrl-C stops the run between two events (RunInterruption).
        RunInterruption.install()
        let watch: (Scenario.Progress) throws -> Void = { p in
            recorder?.sample(world.simulation)
            progressLine?.update(p)
            try RunInterruption.check()
        }
        var stoppedBy: StopCause?
        do {
            // With a report, a run of unknown length is sampled every 16 events (its series thin as it grows): at 2000 a
            // whole day of scripts/bank_reception.lua was one point on each chart.
            try Scenario.run(world, until: until, warmup: warmup, idleSlice: recorder == nil ? 2000 : 16, progress: watch)
        } catch is RunInterruption.Stopped {
            stoppedBy = .interrupted
        }
        // From here on only the outputs are written: a Ctrl-C ends the command at once (no file put in place).
        RunInterruption.workEnded(stopped: stoppedBy != nil)
        progressLine?.finish()
        StandardStreams.flush()  // the run's own lines, before anything that can fail
        try printSummary(world, stoppedBy: stoppedBy)
        // A file that cannot be written (a full disk) fails the command after the summary.
        try traceWriter?.close(protected: world.lua.loadedFiles)
        if let reportFile, let recorder { try writeReport(reportFile, world: world, recorder: recorder) }
        if stoppedBy != nil { throw ExitCode(RunInterruption.exitStatus) }
    }

    /// The summary table (or JSON object) after a run; for a run stopped early (`stoppedBy`), first a
    /// line saying so and at what simulated time (on stderr with `--format json`, so stdout stays one object).
    enum StopCause { case interrupted, quit }

    private func printSummary(_ world: World, stoppedBy: StopCause?) throws {
        if let stoppedBy {
            let words = world.summaryWords, clock = world.simulation.now
            let note = (stoppedBy == .interrupted ? words.interrupted(clock) : words.quit(clock)) + "\n"
            if format == .json { StandardStreams.error(note) } else { StandardStreams.output(note) }
        }
        guard !world.simulation.tasks.isEmpty else {
            // No counter to report on: the script's own lines are the text output (a stock's figures are in
            // the JSON document).
            if format == .json {
                StandardStreams.output(RunDocument.json(world, scenario: file, seed: lua.seed, version: ShopfloorVersion.number).text + "\n")
            }
            return
        }
        let summary = world.simulation.summary()
        switch format {
        case .text:
            // shopfloor.summary(false): the scenario's own lines are the whole output.
            guard world.summarized else { return }
            StandardStreams.output(SummaryReport.text(summary, words: world.summaryWords, layout: world.summaryLayout))
            if let stock = world.stockSummary { StandardStreams.output(SummaryReport.text(stock, words: world.summaryWords)) }
        case .json:
            StandardStreams.output(RunDocument.json(world, scenario: file, seed: lua.seed, version: ShopfloorVersion.number).text + "\n")
        }
    }
}
