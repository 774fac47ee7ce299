import LuaKit

/// The parameters declared so far in a run and the overrides given on the command line.
///
/// Overrides are checked as parameters are declared (a bad value fails at once, naming the
/// parameter), and once loading is over every override must have met its parameter
/// (`finish()`), so a typo in `--set` never goes unnoticed.
public final class ParameterSet {
    /// Declared parameters in declaration order.
    public private(set) var declared: [Parameter] = []
    /// The value in force for each declared parameter.
    public private(set) var values: [String: LuaValue] = [:]
    /// `--set` overrides, as given.
    public let overrides: [String: String]
    /// When set (`shopfloor check`), a bad value is noted and the default used, so loading goes
    /// on and every problem is listed at the end instead of only the first.
    public var collectsProblems = false
    /// The problems noted so far (see `collectsProblems`): bad `--set` values, and every problem the
    /// scenario's option tables had (``OptionTable``), in the order met.
    public private(set) var problems: [String] = []

    private var noted: Set<String> = []

    /// Notes a problem while loading goes on (only while `collectsProblems`). A problem met again (a
    /// call in a loop: same line, same message) is listed once.
    func note(_ problem: String) {
        if noted.insert(problem).inserted { problems.append(problem) }
    }

    public init(overrides: [String: String] = [:]) {
        self.overrides = overrides
    }

    /// Parses `name=value` pairs from the command line; a malformed one is an error.
    public static func parseOverrides(_ pairs: [String]) throws -> [String: String] {
        var out: [String: String] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
                throw ScriptingError.badParameter("--set \(pair): expected name=value")
            }
            out[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
        }
        return out
    }

    /// Declares a parameter (or meets an earlier declaration of the same name, which must agree
    /// on the type) and returns the value in force.
    @discardableResult
    public func declare(_ parameter: Parameter) throws -> LuaValue {
        if let value = try redeclare(parameter) { return value }
        if let existing = declared.first(where: { $0.name == parameter.name }) {
            guard existing.kind == parameter.kind else {
                throw ScriptingError.invalidScenario(
                    "parameter '\(parameter.name)' is declared as \(existing.kind.rawValue) by \(existing.owner) and as \(parameter.kind.rawValue) by \(parameter.owner)")
            }
            return values[parameter.name]!
        }
        var value = parameter.defaultValue
        if let text = overrides[parameter.name] {
            do {
                value = try parameter.parse(text)
            } catch let error as ScriptingError where collectsProblems {
                problems.append(error.description)
            }
        }
        declared.append(parameter)
        values[parameter.name] = value
        return value
    }

    // MARK: Reload

    /// A parameter whose value a reload changed: its default was edited (and no `--set` holds it).
    /// Or one whose default was edited while a `--set` holds its value (`heldBySet`, old == new).
    public struct Change: Equatable, Sendable, CustomStringConvertible {
        public var name: String
        public var old: LuaValue
        public var new: LuaValue
        public var heldBySet = false
        public var description: String { heldBySet ? "\(name) stays \(new) (--set)" : "\(name) \(old) → \(new)" }
    }

    /// While a reload re-runs the scripts: the names declared again so far in this pass (a second
    /// declaration in the same pass is the usual "meets an earlier one"), and what to put back if
    /// the reload fails.
    private var reloadPass: (met: Set<String>, declared: [Parameter], values: [String: LuaValue])?
    /// What the reload in progress (or the last one) changed, in declaration order.
    public private(set) var changes: [Change] = []

    /// Starts a reload pass: each parameter declared again takes its (possibly edited) default,
    /// unless a `--set` gives its value, so `p.deposit_time` in the re-run script says what the file says.
    public func beginReload() {
        reloadPass = ([], declared, values)
        changes = []
    }

    /// Ends a reload pass: keeps the new values, or (`keep: false`, the reload was refused) puts the old back.
    public func endReload(keep: Bool) {
        if !keep, let pass = reloadPass {
            declared = pass.declared
            values = pass.values
            changes = []
        }
        reloadPass = nil
    }

    /// During a reload pass, the first declaration of a known name: takes the edited default.
    private func redeclare(_ parameter: Parameter) throws -> LuaValue? {
        guard reloadPass != nil, !reloadPass!.met.contains(parameter.name),
              let index = declared.firstIndex(where: { $0.name == parameter.name }) else { return nil }
        reloadPass!.met.insert(parameter.name)
        let old = values[parameter.name]!
        let value = try overrides[parameter.name].map { try parameter.parse($0) } ?? parameter.defaultValue
        let editedDefault = declared[index].defaultValue != parameter.defaultValue
        declared[index] = parameter
        values[parameter.name] = value
        if value != old {
            changes.append(Change(name: parameter.name, old: old, new: value))
        } else if editedDefault && overrides[parameter.name] != nil {
            changes.append(Change(name: parameter.name, old: old, new: value, heldBySet: true))
        }
        return value
    }

    /// After loading: every `--set` must name a declared parameter.
    public func finish() throws {
        let names = declared.map(\.name)
        for name in overrides.keys.sorted() where values[name] == nil {
            var message = "--set \(name)=\(overrides[name]!): no parameter '\(name)'"
            if names.isEmpty {
                message += " (this scenario declares none)"
            } else {
                message += " " + UnknownName.choices(for: name, among: names.sorted(), label: "parameters")
            }
            if collectsProblems { problems.append(message) } else { throw ScriptingError.badParameter(message) }
        }
        if collectsProblems && !problems.isEmpty { throw ScriptingError.problems(problems) }
    }

    /// The values in force, for reports (`params` in JSON output).
    public var table: LuaTable {
        LuaTable(Dictionary(uniqueKeysWithValues: values.map { (LuaKey.string($0.key), $0.value) }))
    }
}
