import LuaKit

/// A table of named options a Lua function was given (`counter:task { name =, service = }`),
/// checked against the keys that function accepts, with typed reads that check ranges.
///
/// A key the function does not know is an error — never silently ignored, since a misspelt
/// option (`servce = 90`) would otherwise build another model than the one written:
///
/// ```
/// task: unknown key 'servce' (accepted: capacity, name, patience, service; did you mean 'service'?)
/// tellers: 'count' must be an integer from 1 to 100000, got 1000000000.0
/// ```
///
/// Problems go to a ``ProblemReporter``: thrown at once (`run`, the REPL), or noted with the
/// calling line while loading goes on (`shopfloor check`, which lists them all). A noted bad
/// value reads as absent, so the function goes on with its default.
struct OptionTable {
    /// Names the function in messages (`task`, `tellers`, `stock:item`); a caller may narrow it once
    /// it knows more (`item 'kiwi'`).
    var context: String
    let table: LuaTable
    /// The accepted keys, sorted (messages list them in this order).
    let accepted: [String]
    let reporter: ProblemReporter

    /// Checks every key of `table` against `accepted` and reports each unknown one.
    init(_ table: LuaTable, context: String, accepted: [String], reporter: ProblemReporter) throws {
        self.context = context
        self.table = table
        self.accepted = accepted.sorted()
        self.reporter = reporter
        for problem in unknownKeyProblems() { try reporter.report(problem) }
    }

    /// One message per key that is not accepted, in key order (names, then list entries).
    func unknownKeyProblems() -> [String] {
        var out: [String] = []
        for (key, value) in table.sortedEntries {
            switch key {
            case .string(let name) where accepted.contains(name):
                continue
            case .string(let name):
                out.append("\(context): " + UnknownName.message("key", name, among: accepted))
            default:
                // `{ "a", service = 1 }`: a list entry where only named options are accepted.
                out.append("\(context): unknown key [\(key)] = \(Self.show(value)) " + UnknownName.choices(for: nil, among: accepted))
            }
        }
        return out
    }

    subscript(key: String) -> LuaValue? { table[key] }

    /// A string option, or nil when absent (or, while problems are noted, when not a string).
    func string(_ key: String) throws -> String? {
        guard let value = table[key] else { return nil }
        if let s = value.stringValue { return s }
        try reporter.report(mismatch(key, expected: "a string", value))
        return nil
    }

    /// A required non-empty string option.
    func requiredString(_ key: String) throws -> String {
        guard let value = table[key], let s = value.stringValue, !s.isEmpty else {
            throw reporter.error(mismatch(key, expected: "a non-empty string", table[key] ?? .nil))
        }
        return s
    }

    /// An integer option in `range`, or nil when absent. A fraction, NaN, ±inf or a value out of
    /// range is refused with the key, the value and the range.
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let value = table[key] else { return nil }
        if let n = Self.integer(value, in: range) { return n }
        try reporter.report(mismatch(key, expected: Self.describe(range), value))
        return nil
    }

    /// A number option in `range` (never NaN or ±inf), or nil when absent.
    func number(_ key: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let value = table[key] else { return nil }
        if let d = Self.number(value, in: range) { return d }
        try reporter.report(mismatch(key, expected: Self.describe(range), value))
        return nil
    }

    /// A table option, or nil when absent.
    func table(_ key: String) throws -> LuaTable? {
        guard let value = table[key] else { return nil }
        if let t = value.tableValue { return t }
        try reporter.report(mismatch(key, expected: "a table", value))
        return nil
    }

    /// `task: 'capacity' must be an integer >= 0, got -1`.
    func mismatch(_ key: String, expected: String, _ value: LuaValue) -> String {
        "\(context): '\(key)' must be \(expected), got \(Self.show(value))"
    }

    // MARK: Values

    /// `value` as an integer in `range`: a Lua integer, or a float with an exact integer value.
    static func integer(_ value: LuaValue, in range: ClosedRange<Int>) -> Int? {
        guard let n = value.intValue, range.contains(n) else { return nil }
        return n
    }

    /// `value` as a finite number in `range`.
    static func number(_ value: LuaValue, in range: ClosedRange<Double>) -> Double? {
        guard let d = value.doubleValue, d.isFinite, range.contains(d) else { return nil }
        return d
    }

    /// `an integer from 1 to 100000`, `an integer >= 0`, `an integer`.
    static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound == .min, range.upperBound == .max) {
        case (true, true): return "an integer"
        case (false, true): return "an integer >= \(range.lowerBound)"
        case (true, false): return "an integer <= \(range.upperBound)"
        case (false, false): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    /// `a number from 0 to 1`, `a number >= 0`, `a finite number`.
    static func describe(_ range: ClosedRange<Double>) -> String {
        let big = Double.greatestFiniteMagnitude
        func format(_ d: Double) -> String { LuaValue.number(d).intValue.map(String.init) ?? LuaStack.format(number: d) }
        switch (range.lowerBound <= -big, range.upperBound >= big) {
        case (true, true): return "a finite number"
        case (false, true): return "a number >= \(format(range.lowerBound))"
        case (true, false): return "a number <= \(format(range.upperBound))"
        case (false, false): return "a number from \(format(range.lowerBound)) to \(format(range.upperBound))"
        }
    }

    /// A value as a message shows it: strings quoted, numbers as Lua prints them, else the type.
    static func show(_ value: LuaValue) -> String {
        switch value {
        case .string(let s): return "'\(s)'"
        case .integer, .number, .boolean, .nil: return value.description
        case .table: return "a table"
        case .opaque(let type, _): return "a \(type)"
        }
    }
}

/// Where the problems found in a script's input go: thrown at once, or — while `shopfloor check`
/// loads a scenario — noted with the calling script line, so loading goes on and every problem is
/// listed at the end instead of only the first.
struct ProblemReporter {
    /// Notes a problem (check); nil throws it.
    let note: ((String) -> Void)?
    /// `file:line` of the calling script line, put in front of a noted problem (a thrown one gets
    /// its position from the Lua error it raises).
    let place: String?
    /// Builds the thrown error (default: `ScriptingError.invalidScenario`, which the trampoline
    /// prefixes with the calling line).
    var makeError: (String) -> Error = { ScriptingError.invalidScenario($0) }

    /// Reports a problem the caller can go on after (a bad option is then read as absent).
    func report(_ message: String) throws {
        guard let note else { throw makeError(message) }
        note(place.map { "\($0): \(message)" } ?? message)
    }

    /// The error for a problem the caller cannot go on after (thrown even while noting).
    func error(_ message: String) -> Error { makeError(message) }

    /// Reports at once, always: for contexts with no check mode (hook answers, the board).
    static func throwing(_ makeError: @escaping (String) -> Error = { ScriptingError.invalidScenario($0) }) -> ProblemReporter {
        ProblemReporter(note: nil, place: nil, makeError: makeError)
    }
}
