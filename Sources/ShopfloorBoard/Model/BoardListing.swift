/// The board's tasks grouped by column, each column in a fixed order.
///
/// Within a column, tasks are ordered by deadline (earliest first, tasks without one last), then
/// by id, so urgent work is on top and the order never depends on storage details.
public struct BoardListing: Hashable, Sendable {
    public var todo: [BoardTask]
    public var doing: [BoardTask]
    public var done: [BoardTask]

    public init(todo: [BoardTask] = [], doing: [BoardTask] = [], done: [BoardTask] = []) {
        self.todo = todo
        self.doing = doing
        self.done = done
    }

    /// The tasks in one column.
    public subscript(state: TaskState) -> [BoardTask] {
        get {
            switch state {
            case .todo: todo
            case .doing: doing
            case .done: done
            }
        }
        set {
            switch state {
            case .todo: todo = newValue
            case .doing: doing = newValue
            case .done: done = newValue
            }
        }
    }

    /// How many tasks each column holds (the seed's per-column count).
    public func count(_ state: TaskState) -> Int { self[state].count }

    /// Every task, column by column.
    public var all: [BoardTask] { todo + doing + done }
}
