import LuaKit

/// The one error type of ShopfloorScripting: what a user did wrong in a scenario, a plugin or a
/// command-line override, in a message that names the place and the value at fault.
public enum ScriptingError: Error, CustomStringConvertible, Sendable {
    /// `--set name=value` names no declared parameter, or a value it does not accept.
    case badParameter(String)
    /// `--use kind=name` or `shopfloor.use` names a plugin that is not installed.
    case unknownPlugin(String)
    /// A scenario or plugin built the world wrongly (message names `file:line` when known).
    case invalidScenario(String)
    /// Several problems at once (`shopfloor check` lists them all).
    case problems([String])
    /// An output file (`--trace`, `--report`) cannot be opened, written or put in place.
    case cannotWrite(String)

    public var description: String {
        switch self {
        case .badParameter(let m), .unknownPlugin(let m), .invalidScenario(let m), .cannotWrite(let m): return m
        case .problems(let list): return list.joined(separator: "\n")
        }
    }
}
