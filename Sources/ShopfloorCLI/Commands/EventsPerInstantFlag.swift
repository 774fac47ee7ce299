import ArgumentParser
import ShopfloorCore
import ShopfloorScripting

/// `--max-events-per-instant N`, on every command that runs a world (`run`, `check`, `eval`, `repl`,
/// `experiment`): a zero-time loop's error names it wherever it happens (``World/eventsPerInstantOption``), so
/// the command that printed the hint accepts it, with one meaning, one range and one message.
struct EventsPerInstantFlag: ParsableArguments {
    /// The option's name, as a zero-time loop's hint prints it.
    static let name = "--max-events-per-instant"
    /// Up to 10^15: beyond that a run never ends in practice, and the count of events cannot overflow.
    static let range = 1...1_000_000_000_000_000

    @Option(name: .customLong("max-events-per-instant"), help: ArgumentHelp(
        "Stop with an error after this many events at one simulated instant (a zero-time loop); 1 to 1e15.", valueName: "n"))
    var maxEventsPerInstant: Int = RunLimits.defaultMaxEventsPerInstant

    func validate() throws {
        if !Self.range.contains(maxEventsPerInstant) {
            throw ValidationError("\(Self.name) must be from 1 to 1e15 (got \(maxEventsPerInstant))")
        }
    }

    /// Puts the limit and the option's name into scenario options.
    func apply(to options: inout ScenarioOptions) {
        options.maxEventsPerInstant = maxEventsPerInstant
        options.eventsPerInstantOption = Self.name
    }
}
