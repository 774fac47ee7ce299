import Foundation

/// Where the board's database lives: `--db PATH`, else `SHOPFLOOR_BOARD_DB`, else the platform's
/// user data folder.
///
/// | platform | default |
/// |---|---|
/// | Linux | `$XDG_DATA_HOME/shopfloor/board.sqlite`, or `~/.local/share/shopfloor/board.sqlite` |
/// | macOS | `~/Library/Application Support/shopfloor/board.sqlite` |
///
/// ```swift
/// let path = try BoardLocation.resolve(option: nil, environment: ProcessInfo.processInfo.environment)
/// ```
public enum BoardLocation {
    /// The environment variable naming the database when `--db` is not given.
    public static let environmentVariable = "SHOPFLOOR_BOARD_DB"

    /// The database path to use, with its folder created when it is the default one.
    ///
    /// An explicit path (option or environment) is used as given; its folder must exist, so a
    /// typo does not silently create a new board somewhere unexpected.
    /// - Throws: ``BoardError/database(_:)`` if the default folder cannot be created, or no home
    ///   folder is known.
    public static func resolve(option: String?, environment: [String: String]) throws -> String {
        if let option, !option.isEmpty { return option }
        if let path = environment[environmentVariable], !path.isEmpty { return path }
        let path = try defaultPath(environment: environment)
        let folder = BoardPath.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BoardError.database("cannot create the board's folder \(folder): \(error.localizedDescription)")
        }
        return path
    }

    /// The platform's default database path (the folder may not exist yet).
    public static func defaultPath(environment: [String: String]) throws -> String {
        #if os(macOS)
        guard let home = environment["HOME"], !home.isEmpty else {
            throw BoardError.database("HOME is not set: choose the board database with --db PATH or \(environmentVariable)")
        }
        return home + "/Library/Application Support/shopfloor/board.sqlite"
        #else
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/shopfloor/board.sqlite"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw BoardError.database("HOME is not set: choose the board database with --db PATH or \(environmentVariable)")
        }
        return home + "/.local/share/shopfloor/board.sqlite"
        #endif
    }

    /// The board's config file: the database's path with the extension `.toml`
    /// (`board.sqlite` → `board.toml`), so two boards in one folder keep separate settings.
    public static func configPath(forDatabase path: String) -> String {
        let base = BoardPath.deletingExtension(path)
        return (base.isEmpty ? path : base) + ".toml"
    }
}
