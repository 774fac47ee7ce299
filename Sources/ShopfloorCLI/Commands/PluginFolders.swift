import Foundation
import ShopfloorScripting

/// `--plugins DIR` must name a folder: a misspelt one was searched for nothing, silently (`shopfloor plugins`
/// said "no plugins installed", a scenario's `require` failed far from the cause, or the default plugin ran
/// instead of the one meant). A path that is missing or not a folder fails the command (exit 1), naming it.
enum PluginFolders {
    static func check(_ folders: [String]) throws {
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
                throw ScriptingError.invalidScenario("--plugins \(folder): no such folder")
            }
            guard isFolder.boolValue else { throw ScriptingError.invalidScenario("--plugins \(folder): not a folder") }
        }
    }
}
