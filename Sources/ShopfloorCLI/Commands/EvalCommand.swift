import ArgumentParser
import LuaKit

/// `shopfloor eval 'lua code'`: runs a chunk in the sandbox and prints what it returns.
struct EvalCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Run a chunk of Lua in the sandbox and print the values it returns.",
        discussion: "An expression prints its value, as at the lua prompt: shopfloor eval '1 + 1' prints 2."
    )

    @Argument(help: "Lua code: an expression or statements.")
    var code: String

    @OptionGroup var lua: LuaOptions

    func execute() throws {
        let state = try LuaState(options: lua.stateOptions)
        state.output = StandardStreams.output
        let values = try state.evaluateLine(code, chunkName: "=(command line)")
        if !values.isEmpty {
            StandardStreams.output(values.joined(separator: "\t") + "\n")
        }
    }
}
