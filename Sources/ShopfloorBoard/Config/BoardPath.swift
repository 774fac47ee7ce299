/// The few path operations the board needs, on plain strings.
///
/// `NSString`'s path methods trap on one-character strings in this toolchain (SIGILL for
/// `("a" as NSString).deletingLastPathComponent`), so `--db a` or a config named `a` must not
/// reach them. (LuaKit's `ScriptPath` does the same for scripts; the board does not import Lua.)
enum BoardPath {
    /// The folder holding `path`, or `""` for a bare name (as NSString answered, and callers expect).
    static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if end == 0 { return "/" }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// The last component of `path`, trailing slashes ignored.
    static func lastComponent(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard bytes.count > 1, let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: bytes[(slash + 1)...], as: UTF8.self)
    }

    /// `path` without the extension of its last component (`board.sqlite` → `board`); a name
    /// starting with a dot (`.board`) has no extension.
    static func deletingExtension(_ path: String) -> String {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        let dropped = name.distance(from: dot, to: name.endIndex)
        var trimmed = path
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        return String(trimmed.dropLast(dropped))
    }
}
