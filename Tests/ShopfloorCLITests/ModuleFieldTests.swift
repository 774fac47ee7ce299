import Foundation
import LuaKit
@testable import ShopfloorScripting
import Testing

/// No two installers register the same field of the `shopfloor` table: a second registration
/// silently replaces the first (as the stock module once replaced `shopfloor.stop`), so every
/// field is set in exactly one place.
@Suite("The shopfloor table's fields")
struct ModuleFieldTests {
    /// Every `setFunction("x", in: module` / `setField("x", in: module` in the scripting layer, with its place.
    func registrations() throws -> [(name: String, place: String)] {
        let root = Shell.repository.appendingPathComponent("Sources/ShopfloorScripting").path
        let pattern = try NSRegularExpression(pattern: #"(?:setFunction|setField)\("([A-Za-z_][A-Za-z0-9_]*)", in: module\b"#)
        var found: [(String, String)] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: root).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                for match in pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    found.append((String(line[Range(match.range(at: 1), in: line)!]), "\(file):\(i + 1)"))
                }
            }
        }
        return found
    }

    @Test func test_everyFieldOfTheShopfloorTable_isRegisteredOnce() throws {
        let world = try World()
        let constructors = DistributionBinding.constructors(world: world).keys.map { ($0, "DistributionBinding.constructors") }
        let all = try registrations() + constructors
        let places = Dictionary(grouping: all, by: \.name).mapValues { $0.map(\.place) }
        let twice = places.filter { $0.value.count > 1 }
        #expect(twice.isEmpty, "registered more than once: \(twice)")

        // The scan must see every field the table ends up with, or a registration it misses could clash.
        let keys = try world.lua.evaluate("""
            local names = {}
            for k in pairs(shopfloor) do names[#names + 1] = k end
            table.sort(names)
            return table.concat(names, ",")
            """, chunkName: "=test")
        #expect(keys.first?.stringValue?.split(separator: ",").map(String.init) == places.keys.sorted())
    }
}
