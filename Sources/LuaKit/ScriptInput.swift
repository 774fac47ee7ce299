/// What a script reads from outside the sandbox with `--allow-io`: a file it opens for reading (`io.open` in a
/// reading mode, `io.lines(name)`, `io.input(name)`), named as the script gave it (relative to the working
/// folder, as `io` resolves it), a command whose output it reads (`io.popen`), or a variable of the process's
/// environment (`os.getenv`). The host is told before the read (``LuaState/inputCheck``), so an experiment can
/// hash what its cells read and a cell can refuse an input the hash does not cover. A file opened only to write
/// (`"w"`, `"a"`) is an output, not told.
public enum ScriptInput: Sendable, Hashable {
    case file(String)
    case command(String)
    case environment(String)

    /// The input as the sandbox's wrappers name its kind (`host.note_input(kind, name)`).
    init(kind: String, name: String) {
        switch kind {
        case "command": self = .command(name)
        case "environment": self = .environment(name)
        default: self = .file(name)
        }
    }
}

extension LuaState {
    /// Called by the sandbox's `io` wrappers (SandboxPrelude) before a read: records the file in
    /// ``readFiles`` and asks ``inputCheck``. Returns the refusal to raise at the script's line, or nil.
    func noteInput(_ input: ScriptInput) -> String? {
        if case .file(let name) = input, !readFiles.contains(name) { readFiles.append(name) }
        do {
            try inputCheck?(input)
            return nil
        } catch {
            let message = String(describing: error)
            if inputRefusal == nil { inputRefusal = message }
            return message
        }
    }
}
