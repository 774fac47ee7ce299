import LuaKit
import ShopfloorText

extension JSONValue {
    /// A Lua value as JSON: sequences become arrays, other tables objects (keys as strings).
    public init(_ value: LuaValue) {
        switch value {
        case .nil, .opaque: self = .null
        case .boolean(let b): self = .bool(b)
        case .integer(let i): self = .integer(i)
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        case .table(let t):
            if t.isSequence && !t.entries.isEmpty {
                self = .array(t.array.map(JSONValue.init))
            } else {
                self = .object(Dictionary(uniqueKeysWithValues: t.entries.map { ($0.key.description, JSONValue($0.value)) }))
            }
        }
    }
}
