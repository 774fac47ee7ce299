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

/// The closest of `candidates` to `word` by edit distance, when close enough to suggest.
func didYouMean(_ word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    let w = Array(word.lowercased())
    let scored = candidates.map { ($0, distance(w, Array($0.lowercased()))) }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }
    guard let best = scored.first, best.1 <= max(2, w.count / 3) else { return nil }
    return best.0
}
