import LuaKit

/// A parameter a scenario or plugin declares: name, type, default, range or choices, a one-line
/// description. `--set name=value` overrides the default; a value outside what the parameter
/// accepts is an error naming it and what it accepts.
public struct Parameter: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case number, integer, string, boolean
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: LuaValue
    public var description: String
    public var minimum: Double?
    public var maximum: Double?
    /// Allowed values for a string parameter (`lang`: `en`, `ko`).
    public var choices: [String]?
    /// Who declared it: the scenario file or `plugin kind/name`.
    public var owner: String

    /// What the parameter accepts, for messages and listings: `an integer from 1 to 1000`.
    public var accepts: String {
        var text: String
        switch kind {
        case .number: text = "a number"
        case .integer: text = "an integer"
        case .string: text = choices.map { "one of " + $0.joined(separator: ", ") } ?? "a string"
        case .boolean: text = "true or false"
        }
        switch (minimum, maximum) {
        case let (lo?, hi?): text += " from \(format(lo)) to \(format(hi))"
        case let (lo?, nil): text += " >= \(format(lo))"
        case let (nil, hi?): text += " <= \(format(hi))"
        default: break
        }
        return text
    }

    /// Parses a command-line value (`--set name=text`), or explains why it cannot.
    public func parse(_ text: String) throws -> LuaValue {
        let value: LuaValue
        switch kind {
        case .integer:
            guard let i = Int(text.trimmingCharacters(in: .whitespaces)) else { throw rejection(text) }
            value = .integer(i)
        case .number:
            guard let d = Double(text.trimmingCharacters(in: .whitespaces)), d.isFinite else { throw rejection(text) }
            value = .number(d)
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on", "1": value = .boolean(true)
            case "false", "no", "off", "0": value = .boolean(false)
            default: throw rejection(text)
            }
        case .string:
            value = .string(text)
        }
        try check(value, as: text)
        return value
    }

    /// Checks a value against range and choices.
    func check(_ value: LuaValue, as text: String) throws {
        if let number = value.doubleValue {
            if let minimum, number < minimum { throw rejection(text) }
            if let maximum, number > maximum { throw rejection(text) }
        }
        if let choices, let s = value.stringValue, !choices.contains(s) { throw rejection(text) }
    }

    func rejection(_ text: String) -> ScriptingError {
        .badParameter("--set \(name)=\(text): '\(name)' must be \(accepts), got '\(text)'")
    }

    private func format(_ d: Double) -> String { LuaValue.number(d).intValue.map(String.init) ?? LuaStack.format(number: d) }
}

import Foundation
