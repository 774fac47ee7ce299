/// A small typed value a script attaches to a customer (`vip = true`, `items = 3`, `lang = "ko"`).
public enum AttributeValue: Sendable, Equatable, Hashable, Codable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
}
