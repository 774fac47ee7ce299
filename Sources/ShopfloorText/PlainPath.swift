/// Path arithmetic on plain strings, as the shell and `lua` see paths: no Foundation.
///
/// `NSString`'s path methods trap on one-character strings in this toolchain
/// (`("a" as NSString).deletingLastPathComponent` ends the process with SIGILL), so scenario,
/// plugin, module and board paths go through these instead (LuaKit calls it `ScriptPath`; the board,
/// which does not import Lua, uses it directly). Nothing here touches the file system.
///
/// ```swift
/// PlainPath.folder(of: "scripts/bank.lua")   // "scripts"
/// PlainPath.folder(of: "a")                  // "."
/// PlainPath.joining("scripts", "util.lua")   // "scripts/util.lua"
/// ```
public enum PlainPath {
    /// The folder holding `path`, for searching beside it: `"."` for a bare name (`a`, `-`, ``),
    /// `"/"` for a file at the root; trailing slashes are ignored (`a/b/` → `a`).
    public static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component of `path` (`scripts/bank.lua` → `bank.lua`), trailing slashes ignored.
    public static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), bytes.count > 1 else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `folder/name`, with exactly one slash between them; `name` alone when `folder` is empty or `"."`.
    public static func joining(_ folder: String, _ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` with repeated slashes, `.` components and a trailing slash removed, and `x/..` pairs
    /// folded where `x` is a plain name, for telling two spellings of one folder apart
    /// (`scripts/./plugins/` and `scripts/plugins`). Symlinks are not resolved.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == "..", absolute { continue }  // `/..` is `/`
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` without the extension of its last component (`board.sqlite` → `board`); a name
    /// starting with a dot (`.board`) has no extension.
    public static func deletingExtension(_ path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        let dropped = name.distance(from: dot, to: name.endIndex)
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed.dropLast(dropped))
    }
}
