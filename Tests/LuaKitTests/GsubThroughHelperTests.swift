import Foundation
import Testing
@testable import LuaKit

/// gsub with a function or table replacement through the helper (`sf_gsub_positions` finds the matches with
/// string.find in str_gsub's loop; the replacements run in the script's state) against the library's own gsub,
/// on the cases where the two loops could differ: empty matches, anchors, frontiers, balances, position
/// captures, back-references up to `%9`, 32 captures, false/nil replacements, the count, errors. A state
/// without a time budget has no guards (the library's answer, as `lua5.4` gives it); the guarded state sends
/// every call to the helper (threshold 0).
@Suite("gsub through the helper agrees with the library")
struct GsubThroughHelperTests {
    static let prelude = """
        s = "hello world, the  quick (brown [fox]) 42 jumps; aaa bbb abab 1234567890"
        up = function(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end return "<" .. table.concat(t, ",") .. ">" end
        nine = ("(.)"):rep(9)
        caps32 = ("(.)"):rep(32)
        """

    static let calls = [
        "return s:gsub('', up)",
        "return s:gsub('x*', up)",
        "return s:gsub('%w*', up)",
        "return s:gsub('a-', up)",
        "return ('abc'):gsub('%w*', up)",
        "return (''):gsub('', up)",
        "return (''):gsub('x*', up)",
        "return s:gsub('^h', up)",
        "return s:gsub('^', up)",
        "return s:gsub('^x*', up)",
        "return s:gsub('^%w+', up)",
        "return s:gsub('^z', up)",
        "return s:gsub('$', up)",
        "return s:gsub('%w+$', up)",
        "return s:gsub('%f[%w]%w+', up)",
        "return s:gsub('%f[%W]', up)",
        "return s:gsub('%b()', up)",
        "return s:gsub('%b[]', up)",
        "return s:gsub('()(%w+)()', up)",
        "return s:gsub('()', up)",
        "return s:gsub('(a)%1', up)",
        "return s:gsub('(%w)(%w)%2%1', up)",
        "return s:gsub(nine .. '%9', up)",
        "return ('abcdefghii abcdefghij'):gsub(nine .. '%9', up)",
        "return s:gsub(caps32, up)",
        "return s:gsub('%w+', { hello = 'HI', world = false, quick = 7 })",
        "return s:gsub('(%w+)', { the = 'THE' })",
        "return s:gsub('%w+', function(w) if #w > 4 then return w:upper() end end)",
        "return s:gsub('%w+', function(w) return false end)",
        "return s:gsub('%w+', up, 3)",
        "return s:gsub('%w+', up, 0)",
        "return s:gsub('%w+', up, -1)",
        "return s:gsub('%w*', up, 2)",
        "return s:gsub('%w+', up, '2')",
        "return s:gsub('%w+', up, 2.0)",
        "return string.gsub(12345, '%d', up)",
        "return s:gsub('[%a ]+', up)",
        "return s:gsub('.-', up)",
        "return s:gsub('o', up, 100)",
        "return s:gsub('%s*', up)",
    ]

    static func states() throws -> (plain: LuaState, guarded: LuaState) {
        let plain = try LuaState(options: .init(timeBudget: 0))
        let guarded = try LuaState(options: .init(timeBudget: 5))
        guarded.setPatternHelperThreshold(0)
        _ = try plain.evaluate(prelude, chunkName: "=prelude")
        _ = try guarded.evaluate(prelude, chunkName: "=prelude")
        return (plain, guarded)
    }

    @Test(arguments: GsubThroughHelperTests.calls)
    func test_gsubThroughTheHelper_givesTheLibrarysAnswer(_ call: String) throws {
        let (plain, guarded) = try GsubThroughHelperTests.states()
        let expected = try plain.evaluate(call, chunkName: "=call")
        let got = try guarded.evaluate(call, chunkName: "=call")
        #expect(got == expected)
        #expect(expected.count == 2)
    }

    @Test(arguments: [
        "return s:gsub('%w+', { hello = {} })",
        "return s:gsub('%w+', function() return {} end)",
        "return s:gsub('%w+', function(w) error('boom ' .. w) end)",
        "return s:gsub('(%w+', up)",
        "return s:gsub('%', up)",
        "return s:gsub('(%w)%2', up)",
        "return s:gsub(caps32 .. '(.)', up)",
    ])
    func test_errors_areTheLibrarys(_ call: String) throws {
        let (plain, guarded) = try GsubThroughHelperTests.states()
        let e1 = try #require(throws: LuaError.self) { try plain.evaluate(call, chunkName: "=call") }
        let e2 = try #require(throws: LuaError.self) { try guarded.evaluate(call, chunkName: "=call") }
        #expect(e1.message == e2.message)
    }

    /// A count that is not an integer is refused by the library before any matching (the guard leaves it to
    /// the library; the argument is then named as for a library function called from C, as everywhere).
    @Test(arguments: [("1.5", "number has no integer representation"), ("'x'", "number expected, got string")])
    func test_badCount_isRefused(_ count: String, _ reason: String) throws {
        let (plain, guarded) = try GsubThroughHelperTests.states()
        let call = "return s:gsub('%w+', up, \(count))"
        let e1 = try #require(throws: LuaError.self) { try plain.evaluate(call, chunkName: "=call") }
        let e2 = try #require(throws: LuaError.self) { try guarded.evaluate(call, chunkName: "=call") }
        #expect(e1.message == "call:1: bad argument #3 to 'gsub' (\(reason))")
        #expect(e2.message == "call:1: bad argument #4 to 'string.gsub' (\(reason))")
    }
}
