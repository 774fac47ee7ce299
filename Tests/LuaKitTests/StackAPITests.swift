import CLua
import Testing
@testable import LuaKit

/// The stack API the scripting layer uses instead of the C API (issue #15: only LuaKit imports CLua).
@Suite("The stack API covers what callers used the C API for")
struct StackAPITests {
    @Test func test_luaType_matchesLuaH() {
        let codes: [(LuaType, Int32)] = [(.none, LUA_TNONE), (.nil, LUA_TNIL), (.boolean, LUA_TBOOLEAN),
                                         (.lightUserdata, LUA_TLIGHTUSERDATA), (.number, LUA_TNUMBER),
                                         (.string, LUA_TSTRING), (.table, LUA_TTABLE), (.function, LUA_TFUNCTION),
                                         (.userdata, LUA_TUSERDATA), (.thread, LUA_TTHREAD)]
        for (type, code) in codes { #expect(type.rawValue == code, "\(type)") }
        #expect(LuaState.allResults == LUA_MULTRET)
    }

    @Test func test_typeTests_neverConvert() throws {
        let lua = try LuaState()
        _ = try lua.evaluate("t = {}; f = print; s = '12'; n = 12", chunkName: "=t")
        let stack = lua.stack
        for name in ["t", "f", "s", "n", "missing"] { lua.getGlobal(name) }
        #expect(stack.type(at: 1) == .table && stack.isTable(at: 1) && !stack.isFunction(at: 1))
        #expect(stack.isFunction(at: 2))
        #expect(stack.isString(at: 3) && !stack.isNumber(at: 3), "a numeric string is a string, not a number")
        #expect(stack.isNumber(at: 4) && !stack.isString(at: 4), "a number is not a string")
        #expect(stack.isNil(at: 5) && stack.type(at: 5) == .nil)
        #expect(stack.type(at: 6) == .none && stack.isNil(at: 6))
        #expect(stack.string(at: 4) == nil && stack.type(at: 4) == .number, "nothing converted in place")
        stack.setTop(0)
    }

    @Test func test_rawAccess_registrySlots_andRotation() throws {
        let lua = try LuaState()
        let stack = lua.stack
        _ = try lua.evaluate("watched = setmetatable({}, { __newindex = function() error('no') end, __index = function() return 'meta' end })", chunkName: "=t")
        lua.getGlobal("watched")
        stack.push("k"); stack.push(7); stack.rawSet(in: 1)          // no __newindex
        stack.push("k"); #expect(stack.rawGet(in: 1) == .number)
        #expect(stack.int(at: -1) == 7)
        stack.push("other"); #expect(stack.rawGet(in: 1) == .nil, "no __index either")
        stack.pop(2)

        stack.push("kept")
        let slot = stack.reference()
        #expect(stack.top == 1)
        #expect(stack.push(reference: slot) == .string && stack.string(at: -1) == "kept")
        stack.pop()
        stack.release(reference: slot)

        stack.push(1); stack.push(2); stack.push(3)
        stack.rotate(-2, by: 1)                                          // swaps the two on top
        #expect((stack.int(at: -2), stack.int(at: -1)) == (3, 2))
        stack.setTop(0)

        stack.pushGlobals()
        #expect(stack.getField("watched", in: -1) == .table)
        #expect(stack.pushMetatable(of: -1))
        #expect(stack.isTable(at: -1))
        stack.setTop(0)
    }

    @Test func test_definitionAndCallerPlace_nameTheScript() throws {
        let lua = try LuaState()
        final class Seen { var place: String?; var line: Int? }
        let seen = Seen()
        lua.stack.push(function: { call in
            seen.place = call.stack.callerPlace()
            seen.line = call.stack.callerLine()
            return 0
        })
        lua.setGlobal("where")
        _ = try lua.evaluate("local x = 1\nwhere()\nfunction f()\n  return 1\nend\ng = string.len", chunkName: "=script.lua")
        #expect(seen.place == "script.lua:2")
        #expect(seen.line == 2)
        lua.getGlobal("f")
        #expect(lua.stack.popDefinition() == "script.lua:3")
        lua.getGlobal("g")
        #expect(lua.stack.popDefinition() == nil, "a C function has no Lua definition")
        lua.stack.push(5)
        #expect(lua.stack.popDefinition() == nil)
        #expect(lua.stack.top == 0)
    }

    @Test func test_check_throwsThePoppedError() throws {
        let lua = try LuaState()
        lua.stack.push("boom")
        #expect(throws: LuaError.self) { try lua.stack.check(status: LUA_ERRRUN) }
        #expect(lua.stack.top == 0)
        try lua.stack.check(status: LUA_OK)
    }
}
