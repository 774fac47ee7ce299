import LuaKit

/// Tab completion of globals and fields: `ba<TAB>` → `bank`, `bank.ta<TAB>` → `bank.task`,
/// `bank:ru<TAB>` → `bank:run`. Walks tables with raw reads only (no code runs); for objects it
/// offers the methods in their metatable.
enum Completion {
    static func candidates(for text: String, in lua: LuaState) -> [String] {
        if text.hasPrefix(":") && !text.dropFirst().contains(where: { $0 == "." || $0 == ":" }) {
            return ["help", "reload", "step", "run", "stats", "trace", "use", "plugins", "reset", "quit"]
                .map { ":" + $0 }.filter { $0.hasPrefix(text) }
        }
        let separators: Set<Character> = [".", ":"]
        let cut = text.lastIndex(where: { separators.contains($0) })
        let path = cut.map { String(text[..<$0]) } ?? ""
        let prefix = cut.map { String(text[text.index(after: $0)...]) } ?? text
        let joiner = cut.map { String(text[$0]) } ?? ""
        let stack = lua.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushGlobals()
        if !path.isEmpty {
            for part in path.split(whereSeparator: { separators.contains($0) }) {
                guard lookup(String(part), stack: stack) else { return [] }
            }
        }
        var names = Set<String>()
        collect(into: &names, stack: stack)
        return names.filter { $0.hasPrefix(prefix) && isIdentifier($0) }.sorted().map { path + joiner + $0 }
    }

    /// Replaces the value on top with its field `name` (tables raw, objects through their
    /// metatable's methods). False when there is none.
    private static func lookup(_ name: String, stack: LuaStack) -> Bool {
        let t = stack.type(at: -1)
        if t == .table {
            stack.getField(name, in: -1)
        } else if t == .userdata, stack.pushMetatable(of: -1) {
            stack.getField(name, in: -1)
            stack.rotate(-2, by: 1)
            stack.pop()
        } else {
            return false
        }
        stack.rotate(-2, by: 1)
        stack.pop()
        return !stack.isNil(at: -1)
    }

    private static func collect(into names: inout Set<String>, stack: LuaStack) {
        let t = stack.type(at: -1)
        if t == .table {
            for key in stack.sortedKeys(ofTableAt: -1) { if case .string(let s) = key { names.insert(s) } }
        }
        if stack.pushMetatable(of: -1) {
            for key in stack.sortedKeys(ofTableAt: -1) {
                if case .string(let s) = key, !s.hasPrefix("__") { names.insert(s) }
            }
            stack.getField("__index", in: -1)
            if stack.isTable(at: -1) {
                for key in stack.sortedKeys(ofTableAt: -1) { if case .string(let s) = key { names.insert(s) } }
            }
            stack.pop(2)
        }
    }

    private static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)) }
    }
}
