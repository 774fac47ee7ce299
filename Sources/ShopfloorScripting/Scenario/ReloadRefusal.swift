import LuaKit

/// A reload refused while parameters it would have changed were pending: the error as it came
/// (`file:line` and traceback), then which edited parameters were not applied and that `:reset`
/// rebuilds the scenario with them — a teller count cannot change in a living counter.
public struct ReloadRefusal: Error, CustomStringConvertible {
    public let underlying: Error
    public let changes: [ParameterSet.Change]

    /// What the parameters note says, on one line.
    public var note: String {
        "edited parameters not applied: \(changes.map(\.description).joined(separator: ", ")) (:reset rebuilds the scenario with them)"
    }

    /// The underlying message without its traceback, then the note: for a one-line status.
    public var oneLine: String {
        let message = (underlying as? LuaError)?.message ?? String(describing: underlying)
        return message + "; " + note
    }

    public var description: String { String(describing: underlying) + "\n" + note }
}
