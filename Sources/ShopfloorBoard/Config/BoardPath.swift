/// The few path manipulations the board needs, on plain strings: `NSString`'s path methods trap
/// on one-character paths in this toolchain (`--db a` must work like any other name).
enum BoardPath {
    /// The folder part of `path` (`""` for a bare name, `/` for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path` (`board.toml` for `/a/board.toml`).
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `path` without its extension (`/a/board.sqlite` → `/a/board`; a leading dot is no extension).
    static func deletingExtension(_ path: String) -> String {
        let name = name(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path.dropLast(name.distance(from: dot, to: name.endIndex)))
    }
}
