import Foundation

/// What a hostile test checks besides exit code and message: the folder it ran in holds exactly what it held
/// before (names and contents), so nothing was written, replaced or removed.
struct FolderState: Equatable {
    let files: [String: Data]

    init(_ folder: TemporaryFolder) throws {
        var files: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
            files[name] = FileManager.default.contents(atPath: folder.path + "/" + name) ?? Data()
        }
        self.files = files
    }
}
