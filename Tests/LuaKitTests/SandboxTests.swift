import Foundation
import Testing
@testable import LuaKit

@Suite("The sandbox grants what scenarios need and nothing else")
struct SandboxTests {
    @Test(arguments: ["io", "package", "debug", "dofile", "loadfile", "string.dump", "os.execute",
                      "os.remove", "os.getenv", "os.exit", "io and io.popen", "package and package.loadlib", "warn"])
    func test_removedFunction_isNil(_ expression: String) throws {
        let lua = try LuaState()
        #expect(try lua.evaluate("return \(expression)", chunkName: "=t") == [.nil])
    }

    @Test func test_grantedLibraries_arePresent() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("""
            return type(string.format), type(table.sort), type(math.floor), type(utf8.char),
                   type(coroutine.wrap), type(os.clock), type(os.date), type(os.time), type(os.difftime),
                   collectgarbage('count') > 0
            """, chunkName: "=t")
        #expect(values.prefix(9).allSatisfy { $0 == .string("function") })
        #expect(values.last == .boolean(true))
    }

    @Test func test_collectgarbage_allowsOnlyCount() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("return pcall(collectgarbage, 'collect')", chunkName: "=t")
        #expect(values.first == .boolean(false))
        #expect(values.last?.stringValue?.contains("only \"count\"") == true)
    }

    @Test func test_binaryChunks_areRefused() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("return load('\\27Lua binary')", chunkName: "=t")
        #expect(values == [.nil, .string("attempt to load a binary chunk (mode is 't')")])
        let forced = try lua.evaluate("return load('\\27Lua', 'x', 'b')", chunkName: "=t")
        #expect(forced.first == .nil)
    }

    @Test func test_load_runsInTheSandbox() throws {
        let lua = try LuaState()
        #expect(try lua.evaluate("return load('return io')()", chunkName: "=t") == [.nil])
        #expect(try lua.evaluate("return load('return x', 'c', 't', {x = 7})()", chunkName: "=t") == [.integer(7)])
    }

    @Test func test_stringMetatable_isProtected() throws {
        let lua = try LuaState()
        #expect(try lua.evaluate("return getmetatable('')", chunkName: "=t") == [.boolean(false)])
        #expect(try lua.evaluate("return ('x'):rep(3)", chunkName: "=t") == [.string("xxx")])
    }

    @Test func test_allowIO_grantsIoAndOs() throws {
        let lua = try LuaState(options: .init(allowIO: true))
        #expect(try lua.evaluate("return type(io.open), type(os.getenv)", chunkName: "=t") == [.string("function"), .string("function")])
    }

    @Test func test_require_loadsFromTheScriptsFolder_andRecordsFiles() throws {
        let folder = try TemporaryFolder()
        folder.write("messages/en.lua", "return { hello = 'hi' }")
        let main = folder.write("main.lua", "local m = require('messages.en'); local again = require('messages.en'); return m.hello, m == again")
        let lua = try LuaState()
        lua.scriptFolder = folder.path
        #expect(try lua.run(file: main) == [.string("hi"), .boolean(true)])
        #expect(lua.loadedFiles == [main, folder.path + "/messages/en.lua"])
    }

    @Test func test_require_searchesTheModulePath() throws {
        let scripts = try TemporaryFolder()
        let plugins = try TemporaryFolder()
        plugins.write("fifo.lua", "return 'fifo plugin'")
        let lua = try LuaState(options: .init(modulePath: [plugins.path]))
        lua.scriptFolder = scripts.path
        let values = try lua.evaluate("return require 'fifo'", chunkName: "=t")
        // The module alone, not Lua's second result (the file's path): `f(require "m")` would pass it to f as
        // a surplus argument, which host functions refuse (LuaHostFunction).
        #expect(values == [.string("fifo plugin")])
        #expect(lua.loadedFiles.contains(plugins.path + "/fifo.lua"))
    }

    @Test(arguments: ["../secret", "/etc/passwd", ".hidden", "a/../../b", "x y"])
    func test_require_refusesNamesOutsideTheAllowedFolders(_ name: String) throws {
        let folder = try TemporaryFolder()
        let lua = try LuaState()
        lua.scriptFolder = folder.path
        let values = try lua.evaluate("return pcall(require, ...)", chunkName: "=t", arguments: [.string(name)])
        #expect(values.first == .boolean(false))
        #expect(values.last?.stringValue?.hasPrefix("module '\(name)' not found") == true)
    }

    @Test func test_require_refusesASymlinkLeadingOutside() throws {
        let inside = try TemporaryFolder()
        let outside = try TemporaryFolder()
        outside.write("evil.lua", "return 'escaped'")
        try FileManager.default.createSymbolicLink(atPath: inside.path + "/evil.lua", withDestinationPath: outside.path + "/evil.lua")
        let lua = try LuaState()
        lua.scriptFolder = inside.path
        let values = try lua.evaluate("return pcall(require, 'evil')", chunkName: "=t")
        #expect(values.first == .boolean(false))
    }

    @Test func test_require_neverSearchesNativeCode() throws {
        let folder = try TemporaryFolder()
        folder.write("native.so", "not lua")
        let lua = try LuaState()
        lua.scriptFolder = folder.path
        let values = try lua.evaluate("return pcall(require, 'native')", chunkName: "=t")
        #expect(values.first == .boolean(false))
        #expect(values.last?.stringValue?.contains("native.so") == false)
    }

    @Test func test_mathRandom_isSeededFromTheRunSeed() throws {
        func draws(seed: Int) throws -> [LuaValue] {
            let lua = try LuaState(options: .init(seed: seed))
            return try lua.evaluate("return math.random(1, 1000000), math.random(1, 1000000), math.random()", chunkName: "=t")
        }
        #expect(try draws(seed: 7) == draws(seed: 7))
        #expect(try draws(seed: 7) != draws(seed: 8))
        let lua = try LuaState(options: .init(seed: 7))
        let reseeded = try lua.evaluate("math.random(); math.random(); math.randomseed(7); local a = math.random(1, 1000000); math.randomseed(); return a, math.random(1, 1000000)", chunkName: "=t")
        let first = try draws(seed: 7)
        #expect(reseeded == [first[0], first[0]])
    }

    @Test func test_pairs_walksKeysInSortedOrder_onEveryRun() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("""
            local t = {zeta = 1, alpha = 2, mango = 3, [10] = 'x', [2] = 'y', [true] = 'z'}
            local keys = {}
            for k in pairs(t) do keys[#keys + 1] = tostring(k) end
            local proxied = setmetatable({}, {__pairs = function() return function(_, k) if not k then return 1, 'p' end end, nil, nil end})
            local seen = {}
            for k, v in pairs(proxied) do seen[#seen + 1] = v end
            return table.concat(keys, ' '), table.concat(seen)
            """, chunkName: "=t")
        #expect(values == [.string("2 10 alpha mango zeta true"), .string("p")])
    }
}

extension LuaState {
    /// Test helper: evaluate with `...` arguments.
    func evaluate(_ source: String, chunkName: String, arguments: [LuaValue]) throws -> [LuaValue] {
        try load(source, chunkName: chunkName)
        for a in arguments { stack.push(a) }
        try protectedCall(arguments: Int32(arguments.count), results: -1)
        let values = (0..<stack.top).map { stack.value(at: $0 + 1) }
        stack.setTop(0)
        return values
    }
}
