import Foundation
import Testing
@testable import LuaKit

/// The guarded string functions (shim_match.h) against the library's own: a state without a time
/// budget has no guards, so both answer the same calls and must agree exactly — on subjects long
/// enough that the guarded state sends every call to its helper.
@Suite("Pattern calls through the helper agree with the library")
struct PatternGuardTests {
    /// `s` is 4,000+ bytes of words, numbers and punctuation: every pattern below is "risky" on it.
    static let prelude = """
        local parts = {}
        for i = 1, 400 do parts[#parts + 1] = ("w%d=%d, (x%d) [y] "):format(i, i * 7, i % 13) end
        s = table.concat(parts)
        """

    static let calls = [
        "return s:find('(%w+)=(%d+).-%((x%d+)%)', 100)",
        "return s:match('^(.-)=(.-),.-%[(.-)%]')",
        "return s:match('()x1()2')",
        "return s:gsub('(%w+)=(%d+)', '%2=%1', 50)",
        "return s:gsub('%b()', '<>')",
        "return s:gsub('%f[%w]%w+', string.upper, 30)",
        "return s:gsub('(w)(%d)%d*', function(a, b) return b == '3' and a .. '!' or nil end)",
        "return s:gsub('x%d+', { x1 = 'one', x12 = false })",
        "return s:gsub('(%w)%1', function(d) return '<' .. d .. '>' end)",
        "return s:gsub('^w%d', function(m) return m:upper() end)",
        "return s:gsub(' ()%[y%]()', function(a, b) return a .. ':' .. b end, 3)",
        "return s:gsub('.-$', function(m) return #m end)",
        "return s:gsub('()', function(p) if p % 1000 == 0 then return '|' end end)",
        "local t = {} for a, b in s:gmatch('(%w+)=(%d+)') do t[#t + 1] = a .. b end return #t, t[1], t[#t]",
        "local n = 0 for p in s:gmatch('()') do n = n + 1 end return n",
    ]

    @Test(arguments: PatternGuardTests.calls)
    func test_guardedCall_givesTheLibrarysAnswer(_ call: String) throws {
        let plain = try LuaState(options: .init(timeBudget: 0))
        let guarded = try LuaState(options: .init(timeBudget: 5))
        _ = try plain.evaluate(PatternGuardTests.prelude, chunkName: "=prelude")
        _ = try guarded.evaluate(PatternGuardTests.prelude, chunkName: "=prelude")
        let expected = try plain.evaluate(call, chunkName: "=call")
        let got = try guarded.evaluate(call, chunkName: "=call")
        #expect(got == expected)
        #expect(!expected.isEmpty)
    }

    /// The estimate sends these calls to the helper (else the test above compares the library to itself).
    @Test func test_callsAboveAreRisky() throws {
        let guarded = try LuaState(options: .init(timeBudget: 5))
        _ = try guarded.evaluate(PatternGuardTests.prelude, chunkName: "=prelude")
        #expect(try guarded.evaluate("return #s", chunkName: "=n") .first.map { if case .integer(let n) = $0 { n > 4000 } else { false } } == true)
    }

    @Test func test_errorsAreTheLibrarys() throws {
        let plain = try LuaState(options: .init(timeBudget: 0))
        let guarded = try LuaState(options: .init(timeBudget: 5))
        for code in ["return s:gsub('(x', print)", "return s:gsub('%w+', { w1 = {} })", "return s:find('[a')"] {
            _ = try plain.evaluate(PatternGuardTests.prelude, chunkName: "=prelude")
            _ = try guarded.evaluate(PatternGuardTests.prelude, chunkName: "=prelude")
            let e1 = try #require(throws: LuaError.self) { try plain.evaluate(code, chunkName: "=call") }
            let e2 = try #require(throws: LuaError.self) { try guarded.evaluate(code, chunkName: "=call") }
            #expect(e1.message == e2.message)
        }
    }
}
