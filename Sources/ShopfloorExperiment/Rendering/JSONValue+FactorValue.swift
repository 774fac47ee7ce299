import ShopfloorText

extension JSONValue {
    /// A parameter value: a number stays a number, a string a string.
    init(_ value: FactorValue) {
        switch value {
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        }
    }
}
