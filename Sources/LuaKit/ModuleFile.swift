import Foundation

/// A Lua file `require` resolves a module name to: the folder searched (the running script's folder or
/// one on the module path), the file's path relative to it (`lib/queueing.lua`, `lib/init.lua`) and the
/// two joined. The relative path names the file independently of where the folders are, so a hash of
/// the modules a run read (the experiment hash) is the same for the same files at another place.
public struct ModuleFile: Sendable, Hashable {
    /// The name given to `require` (`lib.queueing`).
    public let name: String
    /// The folder it was found in, as given to the search.
    public let folder: String
    /// The file relative to `folder`.
    public let relative: String
    /// `folder` and `relative` joined: the path `require` read.
    public var path: String { ScriptPath.joining(folder, relative) }

    /// The file `require(name)` reads when the sandbox searches `folders` in order (a script's folder, then
    /// the module path), or nil when no folder has one or the name is not a module name. The same rules as
    /// the sandbox's `require`: `a.b` is `a/b.lua` or `a/b/init.lua`, never outside its folder.
    public static func find(_ name: String, in folders: [String]) -> ModuleFile? {
        guard isModuleName(name) else { return nil }
        return search(name, in: folders).found
    }

    /// The first candidate that exists inside its folder, and every candidate tried (for "not found").
    static func search(_ name: String, in folders: [String]) -> (found: ModuleFile?, tried: [String]) {
        let stem = stem(of: name)
        var tried: [String] = []
        for folder in folders {
            for relative in ["\(stem).lua", "\(stem)/init.lua"] {
                let file = ModuleFile(name: name, folder: folder, relative: relative)
                tried.append(file.path)
                if FileManager.default.fileExists(atPath: file.path), ModuleSearch.isInside(file.path, folder) {
                    return (file, tried)
                }
            }
        }
        return (nil, tried)
    }

    /// The file stem a module name stands for: `a.b` → `a/b` (then `a/b.lua` or `a/b/init.lua`).
    public static func stem(of name: String) -> String { ModuleSearch.relativePath(of: name) }

    /// Letters, digits, `_`, `-` and `.` separating folders; no `..`, not starting with `.`.
    public static func isModuleName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("..") && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy(ModuleSearch.isAllowed)
    }
}
