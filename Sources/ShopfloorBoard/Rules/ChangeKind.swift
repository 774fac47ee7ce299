/// The user operations a board rule is asked about.
public enum ChangeKind: String, CaseIterable, Sendable, Codable {
    case add
    case edit
    case move
    case remove
}
