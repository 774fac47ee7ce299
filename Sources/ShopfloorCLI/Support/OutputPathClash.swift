import ArgumentParser
import Foundation

/// Two output options naming one file (`run --trace x.json --report x.json`, `experiment --out r.html
/// --report r.html`): the second write would silently replace the first, so the command line is refused
/// before anything runs. Paths are compared as the file system resolves them: the folder through its
/// symlinks (`./x`, `sub/../x`, a linked folder), and an existing file by identity (a hard link or symlink).
enum OutputPathClash {
    /// Throws a usage error (64) when two of `outputs` (option, path) name the same file.
    static func refuse(_ outputs: [(option: String, path: String?)]) throws {
        let given = outputs.compactMap { o in o.path.map { (option: o.option, path: $0) } }
        for (i, a) in given.enumerated() {
            for b in given[(i + 1)...] where same(a.path, b.path) {
                let names = a.path == b.path ? a.path : "\(a.path) and \(b.path)"
                throw ValidationError("\(a.option) and \(b.option) both name \(names): give each its own file (one would replace the other)")
            }
        }
    }

    /// Whether `a` and `b` name one file, existing or not.
    static func same(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        if stat(a, &x) == 0, stat(b, &y) == 0 { return x.st_dev == y.st_dev && x.st_ino == y.st_ino }
        return resolved(a) == resolved(b)
    }

    /// The folder resolved through its symlinks, then the last component.
    private static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent).path
    }
}
