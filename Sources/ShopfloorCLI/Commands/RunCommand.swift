import ArgumentParser
import Foundation
import LuaKit

/// `shopfloor run FILE [-- ARGS…]`: runs a Lua file in the sandbox.
struct RunCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua scenario file.",
        discussion: "Arguments after the file reach the script as the global table `arg` (arg[0] is the file) and as `...`, as with lua."
    )

    @Argument(help: ArgumentHelp("The Lua file to run.", valueName: "file"))
    var file: String

    @Argument(parsing: .postTerminator, help: ArgumentHelp("Arguments for the script.", valueName: "args"))
    var arguments: [String] = []

    @OptionGroup var lua: LuaOptions

    func execute() throws {
        let state = try LuaState(options: lua.stateOptions)
        state.output = StandardStreams.output
        state.scriptFolder = (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
        var argTable = LuaTable()
        argTable.entries[.integer(-1)] = .string("shopfloor")
        argTable.entries[.integer(0)] = .string(file)
        for (i, a) in arguments.enumerated() { argTable.entries[.integer(i + 1)] = .string(a) }
        state.setGlobal("arg", to: LuaValue.table(argTable))
        _ = try state.run(file: file, arguments: arguments)
    }
}
