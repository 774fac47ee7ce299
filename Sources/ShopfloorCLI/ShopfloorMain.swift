import ArgumentParser
import Foundation
import LuaKit
import ShopfloorText

/// The whole program, so `main.swift` stays one line.
///
/// Exit codes: 0 success; 1 an error after the command line parsed (`error: …` on stderr), or
/// output that could not be written (stdout on a full disk); 64 (`EX_USAGE`) when the command
/// line itself does not parse or asks for the impossible.
///
/// Every error message is written with its control characters made visible (`\u{1B}`): messages
/// quote what the user wrote — a `--set` name, a script's `error(…)` text, a file name — and a
/// terminal must show that text, not obey it. Line feeds and tabs stay (tracebacks use them).
public enum ShopfloorMain {
    public static func main(_ arguments: [String]? = nil) -> Never {
        // A Lua state's close runs the scripts' finalizers, which cannot be interrupted: what the
        // command printed is written out first, so a close cut short by the watchdog loses none of it.
        LuaState.willClose = { StandardStreams.flush() }
        // A signal that ends the process, or the watchdog ending it past the time budget, leaves no
        // temporary output file behind.
        FatalSignals.install()
        if arguments == nil, let bad = RawArguments.firstInvalid() {
            StandardStreams.error("Error: the argument '\(visible(bad))' is not UTF-8 (shown with its bytes as \\xNN): "
                                  + "shopfloor reads file names, values and script arguments as UTF-8; rename the file or recode the value\n")
            _ = StandardStreams.finish()
            exit(ExitCode.validationFailure.rawValue)
        }
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        if let unknown = UnknownCommand.helpTopicMessage(arguments: given) {
            StandardStreams.error(visible(unknown) + "\nUsage: shopfloor help [<subcommands> ...]\n  See 'shopfloor --help' for the commands.\n")
            _ = StandardStreams.finish()
            exit(ExitCode.validationFailure.rawValue)
        }
        do {
            var command = try ShopfloorCommand.parseAsRoot(arguments)
            do { try command.run() } catch let error as ValidationError {
                // A check that needs the command's files (`--replications 30` beyond the design's most) fails in
                // `run`, after parsing: ArgumentParser would show the top-level usage; the command's own is the help.
                StandardStreams.error(visible(UsageError.message(error.message, command: type(of: command))) + "\n")
                _ = StandardStreams.finish()
                exit(ExitCode.validationFailure.rawValue)
            }
            exit(StandardStreams.finish() ? 0 : 1)
        } catch let failure as CommandFailure {
            StandardStreams.error("error: \(visible(failure.description))\n")
            _ = StandardStreams.finish()
            exit(1)
        } catch {
            let wrote = StandardStreams.finish()
            // Help and --version print through ArgumentParser (stdout): check that write too.
            let code = ShopfloorCommand.exitCode(for: error)
            // A word starting with '-' read as short options (`board add "-fix the bug"` was `-h`: the help, exit 0,
            // nothing added): refused, saying how to give it, with the command's usage when the parser has one.
            if let dashed = DashArgument.message(arguments: given, parseMessage: ShopfloorCommand.fullMessage(for: error)) {
                let text = ShopfloorCommand.fullMessage(for: error)
                let usage = code == .success ? nil : text.range(of: "\nUsage: ").map { String(text[$0.lowerBound...]) }
                StandardStreams.error("Error: \(visible(dashed))\(usage.map(visible) ?? "")\n")
                _ = StandardStreams.finish()
                exit(ExitCode.validationFailure.rawValue)
            }
            if code == .success {
                let text = ShopfloorCommand.fullMessage(for: error)
                if !text.isEmpty { StandardStreams.output(text + "\n") }
                exit(StandardStreams.finish() && wrote ? 0 : 1)
            }
            // A negative task id (`board move -1 doing`) read as an option: the id's own error, as for `x7`.
            if let message = BoardNegativeID.message(arguments: given) {
                StandardStreams.error("error: \(visible(message))\n")
                exit(1)
            }
            // ArgumentParser's own report (`Error: …` and the usage), with the same escaping; a misspelt
            // command is named as such, with a did-you-mean (UnknownCommand).
            var text = ShopfloorCommand.fullMessage(for: error)
            if let first = text.split(separator: "\n", maxSplits: 1).first,
               let named = UnknownCommand.message(arguments: given, parseMessage: String(first)) {
                text = named + text.dropFirst(first.count)
            }
            if !text.isEmpty { StandardStreams.error(visible(text) + "\n") }
            exit(code.rawValue)
        }
    }

    /// `text` as a terminal should show it: control characters escaped, line feeds and tabs kept.
    static func visible(_ text: String) -> String {
        ControlCharacters.escaped(text, keepingLineBreaks: true)
    }
}
