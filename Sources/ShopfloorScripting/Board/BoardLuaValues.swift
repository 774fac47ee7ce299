import Foundation
import LuaKit
import ShopfloorBoard

/// How board values look in Lua: plain tables with `snake_case` fields, dates as `YYYY-MM-DD`
/// strings, states as `todo`/`doing`/`done`.
enum BoardLuaValues {
    /// `{ id =, uuid =, title =, body =, due = "YYYY-MM-DD" | nil, state =, updated_at =, overdue = }`
    static func task(_ task: BoardTask) -> LuaValue {
        var table = fields(task.fields).tableValue ?? LuaTable()
        table.entries[.string("id")] = .integer(task.id)
        table.entries[.string("uuid")] = .string(task.uuid)
        table.entries[.string("updated_at")] = .string(iso8601(task.updatedAt))
        table.entries[.string("overdue")] = .boolean(task.isOverdue())
        return .table(table)
    }

    /// `{ title =, body =, due = "YYYY-MM-DD" | nil, state = }`
    static func fields(_ fields: TaskFields) -> LuaValue {
        var table = LuaTable()
        table.entries[.string("title")] = .string(fields.title)
        table.entries[.string("body")] = .string(fields.body)
        if let due = fields.due { table.entries[.string("due")] = .string(due.description) }
        table.entries[.string("state")] = .string(fields.state.rawValue)
        return .table(table)
    }

    /// `{ seq =, at = "…Z", kind =, task = id, task_uuid =, message = }`
    static func history(_ entry: HistoryEntry) -> LuaValue {
        var table = LuaTable()
        table.entries[.string("seq")] = .integer(Int(entry.sequence))
        table.entries[.string("at")] = .string(iso8601(entry.at))
        table.entries[.string("kind")] = .string(entry.kind.rawValue)
        table.entries[.string("task")] = .integer(entry.taskID)
        table.entries[.string("task_uuid")] = .string(entry.taskUUID)
        table.entries[.string("message")] = .string(entry.message)
        return .table(table)
    }

    static func counts(_ counts: [TaskState: Int]) -> LuaValue {
        var table = LuaTable()
        for state in TaskState.allCases { table.entries[.string(state.rawValue)] = .integer(counts[state] ?? 0) }
        return .table(table)
    }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Applies the fields a Lua table gives (`title`, `body`, `due` — a date string, or `false` or
    /// `"none"` for no deadline — and `state`) over `base`. `what` names the caller in messages.
    static func apply(_ table: LuaTable, to base: TaskFields, what: String) throws -> TaskFields {
        var result = base
        // Every key must be a field: a misspelt one (`titel`) would be silently dropped.
        _ = try OptionTable(table, context: what, accepted: fieldNames, reporter: .throwing { LuaRaise($0) })
        for (key, value) in table.sortedEntries {
            guard case .string(let name) = key else { continue }
            switch name {
            case "title":
                guard let text = value.stringValue else { throw typeError(what, name, "a string", value) }
                result.title = text
            case "body":
                guard let text = value.stringValue else { throw typeError(what, name, "a string", value) }
                result.body = text
            case "due":
                if value == .boolean(false) {
                    result.due = nil
                } else {
                    guard let text = value.stringValue else { throw typeError(what, name, "a date string YYYY-MM-DD, \"none\" or false", value) }
                    // "none" (or "") means no deadline, as `board add --due none` does: one rule, DueDate.parseClearable.
                    result.due = try DueDate.parseClearable(text)
                }
            case "state":
                guard let text = value.stringValue else { throw typeError(what, name, "todo, doing or done", value) }
                result.state = try TaskState(parsing: text)
            default:
                break  // refused above
            }
        }
        return result
    }

    /// The fields a rule's answer or `board.add`/`board.edit` may set.
    static let fieldNames = ["title", "body", "due", "state"]

    private static func typeError(_ what: String, _ field: String, _ expected: String, _ value: LuaValue) -> LuaRaise {
        LuaRaise("\(what): '\(field)' must be \(expected) (got \(value.typeName))")
    }
}
