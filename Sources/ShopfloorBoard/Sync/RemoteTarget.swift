import Foundation
import ShopfloorText

/// A PostgreSQL server to sync with, from a URL such as
/// `postgres://ada@db.example.com:5432/shopfloor?sslmode=require`.
///
/// The password comes, in order, from the URL, `PGPASSWORD`, the board config's `password`,
/// or the password file (`PGPASSFILE`, else `~/.pgpass`, used only when readable by its owner
/// alone, as libpq does). ``description`` never shows it.
///
/// `sslmode`: `disable`, `prefer` (the default, as libpq), `require` (encrypted, the
/// certificate not checked, as libpq), `verify-ca` / `verify-full` (encrypted and checked
/// against the system's trusted certificates).
public struct RemoteTarget: Hashable, Sendable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// Parses `url`, filling the password from the environment or the password file.
    /// - Throws: ``BoardError/sync(_:)`` naming what is wrong (without the password).
    public init(url: String, configPassword: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let components = URLComponents(string: url),
              components.scheme == "postgres" || components.scheme == "postgresql"
        else {
            throw BoardError.sync("the remote must be a URL postgres://user@host:port/database (got \(Self.redacting(url)))")
        }
        guard let host = components.host, !host.isEmpty else {
            throw BoardError.sync("the remote URL \(Self.redacting(url)) has no host")
        }
        self.host = host
        port = components.port ?? environment["PGPORT"].flatMap { Int($0) } ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? environment["PGUSER"]
            ?? environment["USER"] ?? "postgres"
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? (environment["PGDATABASE"] ?? user) : (path.removingPercentEncoding ?? path)
        var mode = TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let value = item.value, let parsed = TLSMode(rawValue: value) else {
                    throw BoardError.sync("sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")) (got \(BoardError.quoted(item.value ?? "")))")
                }
                mode = parsed
            case "connect_timeout", "application_name":
                continue
            default:
                throw BoardError.sync("the remote URL has an " + UnknownName.message(
                    "parameter", item.name, among: ["application_name", "connect_timeout", "sslmode"], label: "known"))
            }
        }
        tls = mode
        password = components.password.flatMap { $0.removingPercentEncoding }
            ?? environment["PGPASSWORD"] ?? configPassword
            ?? Self.passwordFromFile(host: host, port: port, database: database, user: user, environment: environment)
    }

    /// `postgres://user@host:port/database?sslmode=…`, never with the password.
    public var description: String {
        "postgres://\(user)@\(host):\(port)/\(database)" + (tls == .prefer ? "" : "?sslmode=\(tls.rawValue)")
    }

    /// Identifies the server and database (for the sync cursor): a different remote starts over.
    public var identity: String { "\(host):\(port)/\(database)" }

    /// The URL with any password replaced by `***`, for messages.
    public static func redacting(_ url: String) -> String {
        guard var components = URLComponents(string: url), components.password != nil else { return url }
        components.password = "***"
        return components.string ?? "the remote URL"
    }

    /// The password for this server from the password file, libpq's format
    /// `host:port:database:user:password` (`*` matches anything, `\:` is a colon).
    static func passwordFromFile(host: String, port: Int, database: String, user: String,
                                 environment: [String: String]) -> String? {
        guard let file = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }),
              !BoardConfig.othersMayRead(file),
              let data = FileManager.default.contents(atPath: file)
        else { return nil }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            var fields: [String] = []
            var current = ""
            var escaped = false
            for character in line {
                if escaped { current.append(character); escaped = false }
                else if character == "\\" { escaped = true }
                else if character == ":" && fields.count < 4 { fields.append(current); current = "" }
                else { current.append(character) }
            }
            fields.append(current)
            guard fields.count == 5 else { continue }
            let wanted = [host, String(port), database, user]
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }
}
