import Foundation
import ShopfloorText

/// The board's settings file (`board.toml` beside `board.sqlite`): which board rule applies, its
/// parameters, and the remote to sync with.
///
/// ```toml
/// rule = "standard"                  # a board_rule plugin; none when absent
/// rules = "board_rules.lua"          # the rules file (relative to this file's folder)
/// remote = "postgres://ada@db.example.com/shopfloor?sslmode=require"
///
/// [params]                           # the rule's parameters, as --set would give them
/// max_doing = 4
/// ```
///
/// The format is a small subset of TOML: `key = value` lines (strings in double or single quotes,
/// integers, numbers, booleans), `#` comments and one `[params]` table. Anything else is an error
/// naming `board.toml:LINE`. A file holding a password (in `remote` or `password`) must be
/// readable only by its owner (`chmod 600`), as `~/.pgpass` must.
public struct BoardConfig: Hashable, Sendable {
    /// The file this was read from (it may not exist).
    public var path: String
    /// The `board_rule` plugin to apply before each change.
    public var rule: String?
    /// The rules file, as written (relative paths are relative to the config's folder).
    public var rules: String?
    /// Plugin parameters (`[params]`), as text, the way `--set name=value` gives them.
    public var parameters: [String: String] = [:]
    /// The PostgreSQL URL to sync with.
    public var remote: String?
    /// A password for the remote, when not in the URL.
    public var password: String?

    public init(path: String) {
        self.path = path
    }

    /// The rules file with a relative path resolved against the config's folder.
    public var rulesPath: String? {
        guard let rules else { return nil }
        if rules.hasPrefix("/") { return rules }
        if rules.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            return home + rules.dropFirst()
        }
        return PlainPath.joining(PlainPath.folder(of: path), rules)
    }

    /// Reads the config at `path`; a missing file is an empty config.
    /// - Throws: ``BoardError/config(_:)`` naming `file:line` for a malformed line or unknown key,
    ///   or the file when it holds a password and others may read it.
    public static func load(path: String) throws -> BoardConfig {
        var config = BoardConfig(path: path)
        guard let data = FileManager.default.contents(atPath: path) else { return config }
        let name = PlainPath.lastComponent(of: path)
        var section = ""
        var seen: Set<String> = []
        // Split on the byte: as Characters, "\r\n" is one grapheme and never equals "\n".
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, bytes) in lines.enumerated() {
            let place = "\(name):\(index + 1)"
            let parsed: ConfigLine
            do {
                let line = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
                parsed = try ConfigLine.parse(String(decoding: line, as: UTF8.self))
            } catch let refusal as ConfigLine.Refusal {
                throw BoardError.config("\(place): \(refusal.reason)")
            }
            switch parsed {
            case .blank:
                continue
            case .table(let name):
                guard name == "params" else {
                    throw BoardError.config("\(place): unknown section [\(name)]\(Self.suggestion(for: name, among: ["params"], brackets: true)) (known: [params])")
                }
                guard seen.insert("[params]").inserted else { throw BoardError.config("\(place): [params] appears twice") }
                section = name
            case .pair(let key, let value):
                guard seen.insert(section + "." + key).inserted else {
                    throw BoardError.config("\(place): '\(key)' is set twice")
                }
                if section == "params" {
                    config.parameters[key] = value
                    continue
                }
                switch key {
                case "rule": config.rule = value.isEmpty ? nil : value
                case "rules": config.rules = value.isEmpty ? nil : value
                case "remote": config.remote = value.isEmpty ? nil : value
                case "password": config.password = value
                default:
                    let keys = ["rule", "rules", "remote", "password"]
                    throw BoardError.config("\(place): unknown key '\(key)'\(Self.suggestion(for: key, among: keys + ["params"], brackets: false)) (keys: rule, rules, remote, password, [params])")
                }
            }
        }
        if config.holdsPassword, Self.othersMayRead(path) {
            throw BoardError.config("\(path) holds a password but others may read it: run chmod 600 \(path)")
        }
        return config
    }

    /// Whether the file carries a secret (a password field, or a URL with a password).
    public var holdsPassword: Bool {
        if password != nil { return true }
        guard let remote, let url = URLComponents(string: remote) else { return false }
        return url.password != nil
    }

    /// Writes `remote` into the config file, keeping every other line, readable only by its owner.
    public static func saveRemote(_ remote: String, path: String) throws {
        var lines = FileManager.default.contents(atPath: path)
            .map { String(decoding: $0, as: UTF8.self).components(separatedBy: "\n") } ?? []
        if lines.last == "" { lines.removeLast() }
        let entry = "remote = \(Self.quote(remote))"
        var section = ""
        var replaced = false
        var firstSection: Int?
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                section = trimmed
                if firstSection == nil { firstSection = index }
            } else if section.isEmpty, trimmed.hasPrefix("remote"),
                      trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces).hasPrefix("=") {
                lines[index] = entry
                replaced = true
            }
        }
        if !replaced { lines.insert(entry, at: firstSection ?? lines.count) }
        let text = lines.joined(separator: "\n") + "\n"
        let created = FileManager.default.createFile(
            atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        guard created else { throw BoardError.config("cannot write \(path)") }
        // createFile keeps an existing file's mode: tighten it explicitly.
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }

    static func othersMayRead(_ path: String) -> Bool {
        guard let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber
        else { return false }
        return mode.intValue & 0o077 != 0
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case let c where c.value < 0x20 || c.value == 0x7F:
                // Any other control character as `\uXXXX`, which ConfigLine reads back: written
                // raw, a CR or ESC would not survive the round trip (or would reach a terminal).
                let hex = String(c.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `; did you mean 'rules'?` for a name close to a known one (``UnknownName/suggestion(for:among:)``,
    /// the one rule for what is close enough), else nothing. The config's messages keep their own
    /// layout (`unknown key 'x'; did you mean …? (keys: …)`), which `docs/board.md` shows.
    static func suggestion(for name: String, among known: [String], brackets: Bool) -> String {
        guard let best = UnknownName.suggestion(for: name, among: known) else { return "" }
        if best == "params" && !brackets { return "; did you mean the section [params]?" }
        return brackets ? "; did you mean [\(best)]?" : "; did you mean '\(best)'?"
    }
}
