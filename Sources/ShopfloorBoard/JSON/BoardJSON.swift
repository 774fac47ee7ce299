/// The board as JSON for `board list --format json` and other machine readers.
///
/// A task is `{"body": …, "due": "YYYY-MM-DD" | null, "id": 7, "state": "todo|doing|done",
/// "title": …, "updated_at": "2026-05-01T12:34:56.789Z", "uuid": …}`; the board is
/// `{"doing": [TASK…], "done": […], "schema": 1, "todo": […]}`; `board show` writes one task with
/// `"schema": 1` among its keys (docs/schema/). Keys are sorted, output is one compact line,
/// and the text is identical to `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes`
/// on ``BoardTask``'s `Encodable` form (a test holds the two together).
///
/// Written by hand into a byte buffer rather than through `JSONEncoder`: same output, but for
/// 10,000 tasks about 11 ms instead of 85–140 ms (release, in process), and `board list` has 50 ms.
public enum BoardJSON {
    /// The version of both documents' shape (docs/schema/board-list.json, board-task.json): a
    /// change to a field bumps it (docs/schema/README.md).
    public static let schema = 1

    /// The whole board, grouped by column.
    public static func encode(_ listing: BoardListing) -> String {
        var out = JSONBuffer()
        out.bytes.reserveCapacity((listing.todo.count + listing.doing.count + listing.done.count) * 300 + 64)
        out.append("{")
        // Sorted key order: doing, done, todo.
        for (index, state) in [TaskState.doing, .done, .todo].enumerated() {
            if index > 0 { out.append(",") }
            out.append("\"\(state.rawValue)\":[")
            for (position, task) in listing[state].enumerated() {
                if position > 0 { out.append(",") }
                out.append(task)
            }
            out.append("]")
            if state == .done {
                out.append(",\"schema\":")
                out.append(String(schema))
            }
        }
        out.append("}")
        return out.string
    }

    /// One task as a document of its own (`board show --format json`): with `"schema"`.
    public static func document(_ task: BoardTask) -> String {
        var out = JSONBuffer()
        out.append(task, schema: schema)
        return out.string
    }

    /// One task.
    public static func encode(_ task: BoardTask) -> String {
        var out = JSONBuffer()
        out.append(task)
        return out.string
    }
}
