import CLua

/// What a Swift function sees when Lua calls it: the calling thread's stack with its arguments at
/// 1…`count`, and typed reads that fail in Lua's own words.
///
/// Results are pushed onto `stack`; the function returns how many it pushed.
public struct LuaCall {
    public let stack: LuaStack

    @inlinable package init(_ L: OpaquePointer) { stack = LuaStack(L) }
    /// The arguments on `stack` (a host function reading a value it pushed with the same checks).
    @inlinable public init(stack: LuaStack) { self.stack = stack }

    /// Number of arguments.
    @inlinable public var count: Int { Int(stack.top) }

    /// Argument `i` as a `LuaValue` (nil when absent).
    public func value(_ i: Int) -> LuaValue { stack.value(at: Int32(i)) }

    /// True when argument `i` is absent or nil.
    @inlinable public func isNil(_ i: Int) -> Bool { stack.isNil(at: Int32(i)) }

    /// `bad argument #i to 'f' (expected, got X)` — raised by the trampoline with the function's name.
    public func typeError(_ i: Int, expected: String) -> LuaArgumentError {
        LuaArgumentError(i, "\(expected) expected, got \(stack.argumentTypeName(at: Int32(i)))")
    }

    /// Argument `i` as an integer, or Lua's `number expected, got …` / `number has no integer representation`.
    @inlinable public func int(_ i: Int) throws -> Int {
        if let v = stack.int(at: Int32(i)) { return v }
        if stack.double(at: Int32(i)) != nil { throw LuaArgumentError(i, "number has no integer representation") }
        throw typeError(i, expected: "number")
    }
    /// Argument `i` as a number (a numeric string is accepted, as `luaL_checknumber` does).
    @inlinable public func double(_ i: Int) throws -> Double {
        if let v = stack.double(at: Int32(i)) { return v }
        throw typeError(i, expected: "number")
    }
    /// Argument `i` as a string (a number is accepted and formatted, as `luaL_checkstring` does).
    public func string(_ i: Int) throws -> String {
        switch stack.type(at: Int32(i)) {
        case .string: return stack.string(at: Int32(i)) ?? ""
        case .number: return stack.plainDescription(at: Int32(i))
        default: throw typeError(i, expected: "string")
        }
    }
    /// Argument `i` as a boolean (any value: Lua truthiness).
    @inlinable public func bool(_ i: Int) -> Bool { stack.bool(at: Int32(i)) }

    public func optionalInt(_ i: Int) throws -> Int? { isNil(i) ? nil : try int(i) }
    public func optionalDouble(_ i: Int) throws -> Double? { isNil(i) ? nil : try double(i) }
    public func optionalString(_ i: Int) throws -> String? { isNil(i) ? nil : try string(i) }

    /// Argument `i` read as `T`, or `T.luaTypeName expected, got …`.
    public func read<T: LuaReadable>(_ i: Int, as type: T.Type = T.self) throws -> T {
        if let v = T.read(from: stack, at: Int32(i)) { return v }
        throw typeError(i, expected: T.luaTypeName)
    }

    /// Argument `i` must be a table.
    public func table(_ i: Int) throws -> LuaTable {
        guard stack.type(at: Int32(i)) == .table, case .table(let t) = value(i) else {
            throw typeError(i, expected: "table")
        }
        return t
    }

    /// Argument `i` must be a function.
    public func checkFunction(_ i: Int) throws {
        guard stack.type(at: Int32(i)) == .function else { throw typeError(i, expected: "function") }
    }

    /// The Swift object in userdata argument `i`, created by `LuaState.push(object:as:)`.
    public func object<T: AnyObject>(_ i: Int, as type: LuaClass<T>) throws -> T {
        guard let raw = sf_test_object(stack.L, Int32(i), type.name) else {
            throw typeError(i, expected: type.name)
        }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as! T
    }

    /// Pushes a result; returns 1 so `return call.returning(x)` reads naturally.
    @inlinable @discardableResult
    public func returning<T: LuaPushable>(_ value: T) -> Int {
        value.push(onto: stack)
        return 1
    }
}

extension LuaCall {
    /// Argument `i` as a name: a string, and only a string. Unlike `string(_:)` (which formats a
    /// number, as `luaL_checkstring` does), `shopfloor.recipe(5)` is `string expected, got number`:
    /// a number where a name belongs is a slip, not a name.
    public func name(_ i: Int) throws -> String {
        guard stack.type(at: Int32(i)) == .string, let s = stack.string(at: Int32(i)) else {
            throw typeError(i, expected: "string")
        }
        return s
    }
    public func optionalName(_ i: Int) throws -> String? { isNil(i) ? nil : try name(i) }
}
