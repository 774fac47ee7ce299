extension World {
    /// A hook's answer for an error message, as it was given: a string quoted, a number as Lua prints it (`5.5`,
    /// `-nan`), else its type — so `got 5.5` says which value was wrong, where `got number` would not.
    func describeAnswer(at index: Int32) -> String {
        let stack = lua.stack
        switch stack.type(at: index) {
        case .string: return "'\(stack.string(at: index) ?? "")'"
        case .number: return stack.plainDescription(at: index)
        default: return stack.typeName(at: index)
        }
    }
}
