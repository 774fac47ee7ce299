import Foundation
import ShopfloorText

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
    /// typo does not silently create a new board somewhere unexpected. The default folder is
    /// created when missing, but only below a home (or `XDG_DATA_HOME`) that exists: a `HOME`
    /// naming no folder is a mistake to report, not a tree of folders to make (as root,
    /// `HOME=/nonexistent` would otherwise create `/nonexistent/.local/share/shopfloor`).
    /// - Throws: ``BoardError/database(_:)`` if the default folder cannot be created, no home
    ///   folder is known, or the home folder does not exist.
    public static func resolve(option: String?, environment: [String: String]) throws -> String {
        if let option, !option.isEmpty { return try notAFolder(option, named: "--db") }
        if let path = environment[environmentVariable], !path.isEmpty { return try notAFolder(path, named: environmentVariable) }
        let path = try defaultPath(environment: environment)
        let folder = PlainPath.folder(of: path)
        let base = baseFolder(environment: environment)
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
           let (name, home) = base, !(FileManager.default.fileExists(atPath: home, isDirectory: &isFolder) && isFolder.boolValue) {
            let problem = name == "HOME" ? "HOME \(home) does not exist: set HOME to your home folder"
                : "XDG_DATA_HOME \(environment["XDG_DATA_HOME"] ?? "") is in a folder that does not exist (\(home)): create it or unset XDG_DATA_HOME"
            throw BoardError.database("\(problem), or choose the board with --db PATH or \(environmentVariable)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BoardError.database("cannot create the board's folder \(folder): \(error.localizedDescription)")
        }
        return path
    }

    /// `path`, unless it is a folder: SQLite then failed with "could not read or write the board database at
    /// PATH (I/O error)", which does not say that the path names a folder instead of the database file.
    private static func notAFolder(_ path: String, named source: String) throws -> String {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            let file = path.hasSuffix("/") ? path + "board.sqlite" : path + "/board.sqlite"
            throw BoardError.database("\(source) \(path) is a folder: name the database file in it (e.g. \(file))")
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

    /// The variable whose folder must exist before the default folder is made below it, and that
    /// folder: `HOME`; with `XDG_DATA_HOME` set, nothing when it exists, else the home when it lies
    /// inside it, else the folder holding it (XDG asks to create a missing data folder, not a tree).
    private static func baseFolder(environment: [String: String]) -> (String, String)? {
        #if !os(macOS)
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            if FileManager.default.fileExists(atPath: data) { return nil }
            if let home = environment["HOME"], !home.isEmpty, data.hasPrefix(home.hasSuffix("/") ? home : home + "/") {
                return ("HOME", home)
            }
            return ("XDG_DATA_HOME", PlainPath.folder(of: data))
        }
        #endif
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return ("HOME", home)
    }

    /// The board's config file: the database's path with the extension `.toml`
    /// (`board.sqlite` → `board.toml`), so two boards in one folder keep separate settings.
    public static func configPath(forDatabase path: String) -> String {
        let base = PlainPath.deletingExtension(path)
        return (base.isEmpty ? path : base) + ".toml"
    }
}
