import Testing
@testable import LuaKit

/// The host can read and put back `math.random`'s position (LuaState+MathRandom.swift): what a rollback
/// needs so that a rolled-back command's draws come again.
@Suite("math.random's position can be taken and put back")
struct MathRandomPositionTests {
    func draw(_ lua: LuaState, _ code: String = "return math.random(1 << 40)") throws -> LuaValue {
        try lua.evaluate(code, chunkName: "=t")[0]
    }

    @Test func test_puttingThePositionBack_repeatsTheDraws() throws {
        let lua = try LuaState(options: .init(seed: 5))
        _ = try draw(lua)
        let position = try #require(lua.mathRandomPosition)
        let first = [try draw(lua), try draw(lua), try draw(lua, "return math.random()")]
        #expect(lua.mathRandomPosition != position)
        lua.mathRandomPosition = position
        #expect([try draw(lua), try draw(lua), try draw(lua, "return math.random()")] == first)
    }

    /// Reading and writing the position draws nothing: the sequence is the one a state never read gives.
    @Test func test_readingAndWritingThePosition_changesNoDraw() throws {
        let plain = try LuaState(options: .init(seed: 9))
        let touched = try LuaState(options: .init(seed: 9))
        for _ in 0..<5 {
            touched.mathRandomPosition = touched.mathRandomPosition
            #expect(try draw(touched) == draw(plain))
        }
    }

    /// The position is the library's generator, reached through the host's own reference: replacing
    /// `math.random` (or `math.randomseed`) neither hides it nor lets it be collected.
    @Test func test_aScriptReplacingMathRandom_doesNotHideTheLibrarysGenerator() throws {
        let lua = try LuaState(options: .init(seed: 3))
        _ = try lua.evaluate("""
            raw = math.random
            math.random, math.randomseed = function() return 4 end, nil
            collectgarbage("count")
            """, chunkName: "=t")
        let position = try #require(lua.mathRandomPosition)
        let first = try draw(lua, "return raw(1 << 40)")
        #expect(try draw(lua) == .integer(4))
        lua.mathRandomPosition = position
        #expect(try draw(lua, "return raw(1 << 40)") == first)
    }

    /// `math.randomseed(n)` moves the same generator: putting the position back undoes it.
    @Test func test_puttingThePositionBack_undoesARandomseed() throws {
        let lua = try LuaState(options: .init(seed: 1))
        let position = try #require(lua.mathRandomPosition)
        let expected = try draw(lua)
        _ = try lua.evaluate("math.randomseed(12345)", chunkName: "=t")
        lua.mathRandomPosition = position
        #expect(try draw(lua) == expected)
    }

    @Test func test_anUnsandboxedState_hasAPositionToo() throws {
        let lua = try LuaState(options: .init(sandboxed: false))
        let position = try #require(lua.mathRandomPosition)
        let expected = try draw(lua)
        lua.mathRandomPosition = position
        #expect(try draw(lua) == expected)
    }
}
