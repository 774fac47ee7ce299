import Foundation

/// Where an installed `shopfloor` keeps what it ships: `PREFIX/share/shopfloor/` beside
/// `PREFIX/bin/shopfloor` (`scripts/install`, the Debian package), found from the executable's
/// real path so the tool finds its plugins and board rules from any working directory, and
/// through a symlink to the binary.
///
/// ```
/// PREFIX/bin/shopfloor
/// PREFIX/share/shopfloor/plugins/*.lua        searched first, before the scenario's own plugins/
/// PREFIX/share/shopfloor/board_rules.lua      the board rules, when no nearer file is found
/// PREFIX/share/shopfloor/examples/*.lua       the example scenarios (and their messages/)
/// PREFIX/share/shopfloor/experiments/*.lua    the example experiments (`scenario = "../examples/…"`)
/// ```
///
/// `scripts/install-share` lays this folder out (for `scripts/install` and the Debian package).
public enum InstalledData {
    /// `PREFIX/share/shopfloor` when it exists beside the running executable; nil in a build
    /// folder (`swift run`, tests) or when the executable's path cannot be found.
    public static let folder: String? = {
        guard let executable = executablePath() else { return nil }
        let components = executable.split(separator: "/", omittingEmptySubsequences: true)
        guard components.count >= 2 else { return nil }
        // …/bin/shopfloor → …/share/shopfloor
        let prefix = components.dropLast(2)
        let candidate = "/" + (prefix + ["share", "shopfloor"]).joined(separator: "/")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), isFolder.boolValue else { return nil }
        return candidate
    }()

    /// The shipped plugins folder, if installed.
    public static var plugins: String? { folder.map { $0 + "/plugins" } }

    /// The shipped board rules file, if installed.
    public static var boardRules: String? { folder.map { $0 + "/board_rules.lua" } }

    /// The running executable with every symlink resolved.
    static func executablePath() -> String? {
        #if os(Linux)
        let link = "/proc/self/exe"
        #else
        guard let link = Bundle.main.executablePath else { return nil }
        #endif
        guard let resolved = realpath(link, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
