import Foundation

/// Where the REPL's lines come from: a terminal (libedit) or a pipe.
protocol LineReader: AnyObject {
    /// The next line without its newline, or nil at end of input (Ctrl-D).
    func read(prompt: String) -> String?
    /// Remembers a complete chunk for up-arrow recall (terminals only).
    func remember(_ chunk: String)
    /// Saves history (terminals only).
    func close()
}

/// Lines from a pipe or file: no prompts, no escape codes.
final class PipeLineReader: LineReader {
    func read(prompt: String) -> String? { readLine(strippingNewline: true) }
    func remember(_ chunk: String) {}
    func close() {}
}
