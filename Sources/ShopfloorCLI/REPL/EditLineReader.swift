import CEditLine
import Foundation
import LuaKit

/// Lines from a terminal through libedit: editing, history kept between runs, tab completion of
/// globals and fields. UTF-8 (Korean text) works once the locale is set from the environment.
/// Ctrl-C at the prompt drops the line being typed and gives `.interrupted`; the REPL lives on.
final class EditLineReader: LineReader {
    private let historyFile: String?

    /// The completion source; a global because libedit calls back through a C function pointer.
    nonisolated(unsafe) static var completer: ((String) -> [String])?

    init(historyFile: String?, completer: @escaping (String) -> [String]) {
        self.historyFile = historyFile
        EditLineReader.completer = completer
        sf_editline_setup { text, _, _, out, max in
            guard let text, let out, let completer = EditLineReader.completer else { return 0 }
            let candidates = completer(String(cString: text)).prefix(Int(max))
            for (i, candidate) in candidates.enumerated() { out[i] = strdup(candidate) }
            return Int32(candidates.count)
        }
        using_history()
        stifle_history(EditLineReader.historyLimit)
        if let historyFile { _ = read_history(historyFile) }
        Interrupt.installPromptHandler()
    }

    /// libedit catches SIGINT while it reads, puts the terminal back in cooked mode and passes the
    /// signal on to the handler installed before (`Interrupt.installPromptHandler`); the blocked `read`
    /// then fails with EINTR and `readline` returns NULL, as at end of input: the flag tells them apart.
    /// A Ctrl-C typed between commands (while output was printed) is forgotten, not applied to the
    /// next line.
    func read(prompt: String) -> LineInput {
        Interrupt.atPrompt = 0
        let raw = readline(prompt)
        defer { free(raw) }
        if Interrupt.atPrompt != 0 {
            Interrupt.atPrompt = 0
            // The terminal shows what was typed; end that line so the next prompt starts clean.
            StandardStreams.output("^C\n")
            StandardStreams.flush()
            return .interrupted
        }
        guard let raw else { return .end }
        return .line(String(cString: raw))
    }

    /// The most chunks kept, in memory and in the file (bash keeps 500; a chunk can be many lines).
    static let historyLimit: Int32 = 1000

    /// Adds the chunk and saves the whole history at once, so a session that ends without `close` (the
    /// terminal window closed: SIGHUP; `kill`) has kept every chunk, each once. Not `append_history(1, …)`:
    /// libedit's (3.1-2022) writes the last *two* entries for n = 1, so every chunk but the last was on
    /// disk twice after such an end, and up-arrow in the next session met each one twice.
    func remember(_ chunk: String) {
        guard !chunk.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        add_history(chunk)
        if let historyFile { _ = write_history(historyFile) }
    }

    func close() {
        if let historyFile { _ = write_history(historyFile) }
    }

    /// `$XDG_STATE_HOME/shopfloor/repl_history`, else `~/.local/state/shopfloor/repl_history`
    /// (macOS: `~/Library/Application Support/shopfloor/repl_history`); the folder is created.
    static func defaultHistoryFile() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let explicit = env["SHOPFLOOR_HISTORY"] { return explicit.isEmpty ? nil : explicit }
        var folder: String
        #if os(macOS)
        guard let home = env["HOME"] else { return nil }
        folder = home + "/Library/Application Support/shopfloor"
        #else
        if let state = env["XDG_STATE_HOME"], !state.isEmpty {
            folder = state + "/shopfloor"
        } else if let home = env["HOME"] {
            folder = home + "/.local/state/shopfloor"
        } else {
            return nil
        }
        #endif
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/repl_history"
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        return path
    }
}
