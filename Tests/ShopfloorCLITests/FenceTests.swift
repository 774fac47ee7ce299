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

    /// Every `static inline` wrapper in CLua's and CShopfloorHooks' headers is called somewhere (in
    /// `Sources/` or `Tests/`, Swift or C): a wrapper nothing calls is removed, not kept "in case".
    @Test func test_everyCWrapperIsCalled() throws {
        let root = Self.sources.deletingLastPathComponent()
        var texts: [String] = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder).path
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") || relative.hasSuffix(".h") else { continue }
                texts.append(try String(contentsOfFile: base + "/" + relative, encoding: .utf8))
            }
        }
        let all = texts.joined(separator: "\n")
        var unused: [String] = []
        for folder in ["CLua", "CShopfloorHooks"] {
            let base = Self.sources.appendingPathComponent(folder).path
            for name in try FileManager.default.contentsOfDirectory(atPath: base) where name.hasSuffix(".h") {
                let text = try String(contentsOfFile: base + "/" + name, encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("static inline ") {
                    guard let open = line.firstIndex(of: "(") else { continue }
                    let head = line[..<open]
                    guard let start = head.lastIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) else { continue }
                    let function = String(head[head.index(after: start)...])
                    if Self.occurrences(of: function, in: all) < 2 { unused.append("\(folder)/\(name): \(function)") }
                }
            }
        }
        #expect(unused.isEmpty, "wrappers nothing calls:\n\(unused.joined(separator: "\n"))")
    }

    /// How often `word` occurs in `text` as a whole identifier.
    static func occurrences(of word: String, in text: String) -> Int {
        let isIdentifier: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
        var count = 0
        var rest = text[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before.map(isIdentifier) ?? false) && !(after.map(isIdentifier) ?? false) { count += 1 }
            rest = text[range.upperBound...]
        }
        return count
    }
}
