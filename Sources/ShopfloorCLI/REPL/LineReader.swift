import Foundation

/// What the REPL's reader got: a line, Ctrl-C at the prompt, or the end of input.
enum LineInput: Equatable {
    /// A line without its newline.
    case line(String)
    /// Ctrl-C at the prompt: the line typed so far is dropped (at `>>`, the whole unfinished chunk).
    case interrupted
    /// End of input (Ctrl-D, or the pipe closed).
    case end
}

/// Where the REPL's lines come from: a terminal (libedit) or a pipe.
protocol LineReader: AnyObject {
    /// The next line, Ctrl-C at the prompt, or the end of input.
    func read(prompt: String) -> LineInput
    /// Remembers a complete chunk for up-arrow recall (terminals only).
    func remember(_ chunk: String)
    /// Saves history (terminals only).
    func close()
}

/// Lines from a pipe or file: no prompts, no escape codes.
final class PipeLineReader: LineReader {
    func read(prompt: String) -> LineInput { readLine(strippingNewline: true).map(LineInput.line) ?? .end }
    func remember(_ chunk: String) {}
    func close() {}
}
