import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released (or
/// earlier by ``remove()``). Every test target uses this one definition, so each test that writes
/// files writes them here and nowhere else.
///
/// ```swift
/// let folder = try TemporaryFolder()
/// let script = folder.write("hello.lua", "print 'hi'")   // full path of the new file
/// let board = folder.path("board.sqlite")                // a path inside, not created
/// ```
public final class TemporaryFolder {
    /// The folder's absolute path.
    public let path: String

    public init() throws {
        path = NSTemporaryDirectory() + "shopfloor-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `name` inside the folder (nothing is created).
    public func path(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Writes `text` to `name` inside the folder (creating the folders in between); returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String {
        let full = path(name)
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }

    /// Removes the folder and everything in it now.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}
