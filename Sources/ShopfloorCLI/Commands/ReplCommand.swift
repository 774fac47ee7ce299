import ArgumentParser
import Foundation
import ShopfloorScripting

/// `shopfloor repl [FILE]`: a Lua prompt inside a living scenario.
struct ReplCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "A Lua prompt inside a living scenario: inspect it, change it, run it, reload edited scripts.",
        discussion: """
            Behaves like lua's own prompt: expressions print their values, unfinished chunks continue at >>, \
            errors print stdin:N: and a traceback. :help lists the commands (:reload, :step, :run, :stats, …).
            With stdin not a terminal, lines are read without prompts; the exit code is 1 if any chunk failed, \
            and a Ctrl-C ends the session there (the rest of the input is not run, exit 1), as it ends lua - < FILE.
            """
    )

    @Argument(help: ArgumentHelp("The scenario to load (none: an empty world with the shopfloor module).", valueName: "file"), completion: .file(extensions: ["lua"]))
    var file: String?

    @OptionGroup var scenario: ScenarioFlags
    @OptionGroup var lua: LuaOptions
    @OptionGroup var eventLimit: EventsPerInstantFlag

    func execute() throws {
        var options = try scenario.options(lua: lua)
        eventLimit.apply(to: &options)
        let interactive = isatty(0) != 0 && isatty(1) != 0
        let session = try ReplSession(file: file, options: options, interactive: interactive)
        let reader: LineReader = interactive
            ? EditLineReader(historyFile: EditLineReader.defaultHistoryFile()) { [unowned session] text in
                Completion.candidates(for: text, in: session.world.lua)
            }
            : PipeLineReader()
        let code = session.run(reader: reader)
        StandardStreams.flush()
        if code != 0 { throw ExitCode(code) }
    }
}
