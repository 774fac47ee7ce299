import Foundation
import Testing
@testable import ShopfloorScripting

/// How the experiment hash finds `require` names in a file's text without running it.
@Suite("experiment hash: the require scan")
struct ExperimentModulesScanTests {
    @Test func test_literalNames_inEveryCallForm_andPrefixesOfBuiltNames() {
        let text = """
            local a = require "lib.a"
            local b = require('lib.b')
            local c = require [[lib.c]]
            local d = require ( "lib.d" ).field
            local e = require("messages." .. lang)
            -- require "lib.commented"
            local no1 = my.require "not.this"
            local no2 = myrequire "nor.this"
            local no3 = require(name)
            """
        let (names, prefixes) = ExperimentModules.literalRequires(in: text)
        #expect(names == ["lib.a", "lib.b", "lib.c", "lib.d", "lib.commented"])
        #expect(prefixes == ["messages."])
    }

    @Test func test_aPrefix_coversTheModulesOneLevelBelowIt() throws {
        let folder = try TemporaryFolder()
        folder.write("messages/en.lua", "return {}")
        folder.write("messages/ko.lua", "return {}")
        folder.write("messages/zh/init.lua", "return {}")
        folder.write("messages/readme.txt", "not a module")
        folder.write("messages/deep/er/x.lua", "return {}")
        let modules = ExperimentModules.modules(startingWith: "messages.", in: [folder.path])
        #expect(modules.map(\.relative) == ["messages/en.lua", "messages/ko.lua", "messages/zh/init.lua"])
        #expect(ExperimentModules.modules(startingWith: "messages.k", in: [folder.path]).map(\.relative) == ["messages/ko.lua"])
    }
}
