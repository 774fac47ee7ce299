import Foundation
@testable import LuaKit

/// A folder under the system's temporary directory, removed when the value is released.
final class TemporaryFolder {
    let path: String
    init() throws {
        path = NSTemporaryDirectory() + "shopfloor-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let full = (path as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
        return full
    }
}

extension LuaState {
    /// Runs a full collection (test helper).
    func collectGarbage() { sf_gc_collect(L) }
}

import CLua
