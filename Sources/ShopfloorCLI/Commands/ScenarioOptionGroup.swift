import ArgumentParser
import ShopfloorScripting

/// Flags of commands that load a scenario: parameters and plugin choices.
struct ScenarioFlags: ParsableArguments {
    @Option(name: .customLong("set"), help: ArgumentHelp("Override a scenario or plugin parameter (repeatable).", valueName: "name=value"), completion: .custom(CompletionCandidates.settings))
    var settings: [String] = []

    @Option(name: .customLong("use"), help: ArgumentHelp("Choose the plugin of a kind (repeatable), e.g. teller_policy=cross_training.", valueName: "kind=name"), completion: .custom(CompletionCandidates.uses))
    var uses: [String] = []

    /// The scenario options these flags and the Lua flags describe.
    func options(lua: LuaOptions) throws -> ScenarioOptions {
        try PluginFolders.check(lua.pluginFolders)
        var options = ScenarioOptions()
        options.seed = lua.seed
        options.overrides = try ParameterSet.parseOverrides(settings)
        options.uses = try PluginRegistry.parseOverrides(uses)
        options.pluginFolders = lua.pluginFolders
        options.lua = lua.stateOptions
        return options
    }
}
