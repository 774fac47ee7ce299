import LuaKit

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

    public init() {}
}
