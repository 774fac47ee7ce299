import Foundation
import Testing

/// The C API is fenced (issue #15): only LuaKit imports CLua. The scripting layer reaches Lua through
/// LuaKit's API and its own C fast paths (CShopfloorHooks), whose module does not re-export CLua.
/// Tests may import CLua; files under `Sources/` outside `Sources/LuaKit/` may not, in any form.
@Suite("The C API is fenced")
struct FenceTests {
    /// `Sources/`, found from this file (`Tests/ShopfloorCLITests/FenceTests.swift`).
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// True when the line imports the module `CLua` (or a declaration or submodule of it), in any
    /// form: `import CLua`, `@_implementationOnly import CLua`, `public import CLua`,
    /// `import struct CLua.lua_Debug`, `@_exported import CLua.Sub`; not `import CLuaX`, not a comment.
    static func importsCLua(_ line: String) -> Bool {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        // Attributes (`@_implementationOnly`, `@preconcurrency`, `@_spi(X)`) and access levels.
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return false }
        let kinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return path == "CLua" || path.hasPrefix("CLua.") || path.hasPrefix("CLua;")
    }

    /// Every Swift file under `Sources/` outside LuaKit that imports CLua, with the line, relative to `Sources/`.
    static func offenders() throws -> [String] {
        let root = sources.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return ["cannot list \(root)"] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.hasPrefix("LuaKit/") else { continue }
            let text = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where importsCLua(String(line)) {
                found.append("Sources/\(relative):\(n + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found.sorted()
    }

    @Test func test_onlyLuaKitImportsCLua() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("LuaKit/LuaState.swift").path),
                "Sources/ not found from \(#filePath)")
        let offenders = try Self.offenders()
        #expect(offenders.isEmpty, "only LuaKit may import CLua (use LuaKit's API, or CShopfloorHooks for a C fast path):\n\(offenders.joined(separator: "\n"))")
    }

    @Test func test_importDetector_catchesEveryForm() {
        for line in ["import CLua", "  import CLua", "@_implementationOnly import CLua", "public import CLua",
                     "@preconcurrency internal import CLua", "import struct CLua.lua_Debug", "import func CLua.lua_gettop",
                     "@_exported import CLua", "import CLua.Sub", "import CLua // the C API"] {
            #expect(Self.importsCLua(line), "\(line)")
        }
        for line in ["import CLuaX", "import LuaKit", "// import CLua", "/// import CLua", "let x = \"import CLua\"",
                     "import CShopfloorHooks", "import struct LuaKit.LuaStack"] {
            #expect(!Self.importsCLua(line), "\(line)")
        }
    }

    /// CLua is Lua plus the bridge's wrappers: the domain's fast paths live in CShopfloorHooks.
    @Test func test_cluaHeadersKnowNothingOfTheDomain() throws {
        let clua = Self.sources.appendingPathComponent("CLua").path
        for name in try FileManager.default.contentsOfDirectory(atPath: clua) where name.hasSuffix(".h") {
            let text = try String(contentsOfFile: clua + "/" + name, encoding: .utf8)
            for word in ["shim_counter.h", "shim_stock.h", "customer", "sf_call_rule", "sf_push_line"] {
                #expect(!text.contains(word), "Sources/CLua/\(name) mentions \(word)")
            }
        }
    }
}
