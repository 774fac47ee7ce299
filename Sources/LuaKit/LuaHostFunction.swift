/// A Swift function for Lua together with how many arguments it reads, so a surplus argument is an
/// error instead of being silently dropped (`s:recipe("x", t, 5)`): `bad argument #3 to 'recipe'
/// (no argument expected here, got 5)`, at the caller's `chunk:line:`.
///
/// The count is checked once, where the trampoline enters Swift (`swiftFunctionEntry`): one
/// comparison per call, so hot-path functions (a policy's `line:head()`) pay nothing measurable.
/// A method's count includes `self`. Arguments past the count that are nil are accepted, as Lua's
/// own functions treat an absent argument and nil alike (a wrapper passing `...` through).
///
/// ```swift
/// lua.setFunction("now", in: module, .takes(0) { call in call.returning(clock) })
/// cls.define(in: lua, methods: ["add": .takes(2) { call in … }])
/// ```
public struct LuaHostFunction {
    /// The most arguments the function reads (self included for a method); nil: any number.
    public let arguments: Int?
    public let body: LuaFunction

    /// A function reading at most `count` arguments.
    public static func takes(_ count: Int, _ body: @escaping LuaFunction) -> LuaHostFunction {
        LuaHostFunction(arguments: count, body: body)
    }
    /// A function reading any number of arguments (`print`-like); say why where it is used.
    public static func variadic(_ body: @escaping LuaFunction) -> LuaHostFunction {
        LuaHostFunction(arguments: nil, body: body)
    }
}

extension LuaStack {
    /// The first non-nil argument past `count`, as the argument error's position and detail; nil
    /// when there is none.
    func surplusArgument(after count: Int) -> (index: Int, detail: String)? {
        let top = Int(self.top)
        guard top > count else { return nil }
        for i in (count + 1)...top where !isNil(at: Int32(i)) {
            return (i, "no argument expected here, got \(argumentDescription(at: Int32(i)))")
        }
        return nil
    }

    /// A value as an argument error shows it: a string quoted, a number as written, else its type.
    func argumentDescription(at index: Int32) -> String {
        switch type(at: index) {
        case .string:
            let text = string(at: index) ?? ""
            return text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
        case .number, .boolean: return plainDescription(at: index)
        default: return typeName(at: index)
        }
    }
}
