import ArgumentParser
import LuaKit
import ShopfloorScripting

/// `shopfloor eval 'lua code'`: runs a chunk in the sandbox and prints what it returns. The chunk
/// runs in an empty world, so the `shopfloor` module is there (`shopfloor.exponential(2):mean()`,
/// a counter built and run on the spot), as at `shopfloor repl` with no file; no plugin is loaded.
struct EvalCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Run a chunk of Lua in the sandbox and print the values it returns.",
        discussion: """
            An expression prints its value, as at the lua prompt: shopfloor eval '1 + 1' prints 2. \
            The shopfloor module is in scope, in an empty world (as at shopfloor repl with no file).
            """
    )

    @Argument(help: "Lua code: an expression or statements.")
    var code: String

    @OptionGroup var lua: LuaOptions
    @OptionGroup var eventLimit: EventsPerInstantFlag

    func execute() throws {
        try PluginFolders.check(lua.pluginFolders)
        let world = try World(seed: lua.seed, options: lua.stateOptions)
        world.simulation.limits.maxEventsPerInstant = eventLimit.maxEventsPerInstant
        world.eventsPerInstantOption = EventsPerInstantFlag.name
        world.output = StandardStreams.output
        let values = try world.lua.evaluateLine(code, chunkName: "=(command line)")
        if !values.isEmpty {
            StandardStreams.output(values.joined(separator: "\t") + "\n")
        }
    }
}
