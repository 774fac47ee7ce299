/// A board rule's answer to a proposed change.
public enum RuleVerdict: Hashable, Sendable {
    /// Go ahead as proposed.
    case allow
    /// Change nothing; the message is shown to the user as is (e.g. `at most 3 tasks in DOING`).
    case refuse(String)
    /// Go ahead with these fields instead of the proposed ones. They are validated like user
    /// input. Not allowed for a removal.
    case allowModified(TaskFields)
}
