import GRDB

extension BoardError {
    /// What a failed write's message adds to say nothing changed.
    static let notSaved = "; the change was not saved"

    /// The database's reason alone, for a message that says itself what was and was not done (a sync
    /// whose push went through): "the disk holding … is full", without "; the change was not saved".
    var databaseReason: String {
        guard case .database(let message) = self else { return description }
        return message.hasSuffix(Self.notSaved) ? String(message.dropLast(Self.notSaved.count)) : message
    }

    /// `error` as a ``BoardError``: board errors pass through; SQLite errors become a sentence that
    /// names the database and what to do, never a raw result code.
    static func wrapping(_ error: any Error, path: String) -> BoardError {
        if let error = error as? BoardError { return error }
        guard let error = error as? DatabaseError else {
            return .database("board database error at \(path): \(error)")
        }
        let detail = error.message.map { " (\($0))" } ?? ""
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .database("the board database at \(path) is busy: another process is writing to it; try again")
        case .SQLITE_CANTOPEN:
            return .database("cannot open the board database at \(path): check that its folder exists and is writable")
        case .SQLITE_NOTADB:
            return .database("\(path) is not a board database")
        case .SQLITE_CORRUPT:
            return .database("the board database at \(path) is corrupt\(detail)")
        case .SQLITE_FULL:
            return .database("the disk holding \(path) is full" + notSaved)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .database("the board database at \(path) is read-only" + notSaved)
        case .SQLITE_IOERR:
            return .database("could not read or write the board database at \(path) (I/O error)")
        default:
            return .database("board database error at \(path)\(detail)")
        }
    }
}
