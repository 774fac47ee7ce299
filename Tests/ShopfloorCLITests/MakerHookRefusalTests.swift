import Foundation
import Testing

/// A `stock:on("made")` hook runs inside the maker's decision, where the world's structure cannot change: the
/// refusal must say that this is such a place. It said only "from inside a teller policy, service-time hook or
/// generator", none of which the script had written.
@Suite("Refused inside a maker's decision")
struct MakerHookRefusalTests {
    @Test func test_recipeChangedInAMadeHook_saysWhere() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", """
            local s = shopfloor.stock "bar"
            s:item { name = "kiwi", count = 10 }
            s:recipe("kiwi juice", { kiwi = 1 })
            local bar = shopfloor.counter "bar"
            s:makers { count = 1, prep = 1 }
            bar:arrive "kiwi juice"
            s:on("made", function(juice) s:recipe("kiwi juice", { kiwi = 2 }) end)

            """)
        let r = try Shell.run(["run", "bar.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bar.lua:7: 'stock:recipe' cannot be called from inside a teller policy, service-time hook or "
            + "generator, nor from a stock rule or stock:on hook that a maker's order runs\n"), "\(r.stderr)")
    }
}
