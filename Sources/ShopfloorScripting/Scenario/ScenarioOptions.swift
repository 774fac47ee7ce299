import LuaKit
import ShopfloorCore

/// How to load and run a scenario: what `shopfloor run`, `check` and `repl` share.
public struct ScenarioOptions {
    public var seed: Int = 1
    /// `--set name=value`, already split.
    public var overrides: [String: String] = [:]
    /// `--use kind=name`.
    public var uses: [PluginKind: String] = [:]
    /// Extra plugin folders (`--plugins DIR`), searched after the defaults.
    public var pluginFolders: [String] = []
    /// Stop at this virtual time instead of the scenario's own rule.
    public var until: Double?
    /// Reset statistics at this virtual time.
    public var warmup: Double?
    /// Arguments after `--`: the script's `arg` and `...`.
    public var arguments: [String] = []
    public var lua: LuaState.Options = .init()
    /// Most events at one simulated instant before a run stops with a zero-time loop's error
    /// (`--max-events-per-instant`): set on the world before its scripts load, so it holds for a run the
    /// script starts itself, and again in the worlds a reload validates in.
    public var maxEventsPerInstant = RunLimits.defaultMaxEventsPerInstant
    /// The command-line option that sets ``maxEventsPerInstant`` (`World.eventsPerInstantOption`), named by a
    /// zero-time loop's hint; nil for a host without one.
    public var eventsPerInstantOption: String?

    public init() {}
}
