import LuaKit
import ShopfloorCore

/// A named random stream held by Lua (`shopfloor.rng "customers"`). Each name gives its own
/// xoshiro256** stream derived from the run seed by a stable hash, so adding a draw to one
/// policy does not shift any other stream.
final class RandomStreamBox {
    let name: String
    var generator: Xoshiro256StarStar
    init(name: String, generator: Xoshiro256StarStar) {
        self.name = name
        self.generator = generator
    }
}

enum RandomBinding {
    static let luaClass = LuaClass<RandomStreamBox>(name: "shopfloor.rng")

    static func define(in state: LuaState) {
        let cls = luaClass
        luaClass.define(in: state, methods: [
            // rng:uniform() → [0, 1); rng:uniform(a, b) → [a, b)
            "uniform": .takes(3) { call in
                let box = try call.object(1, as: cls)
                let u = box.generator.uniform()
                // rng:uniform(5) is a slip (a missing bound), not rng:uniform(): both bounds or none.
                if !call.isNil(2) || !call.isNil(3) {
                    let a = try call.double(2), b = try call.double(3)
                    guard a <= b else { throw LuaArgumentError(3, "must be >= #2 (\(a)), got \(b)") }
                    return call.returning(a + (b - a) * u)
                }
                return call.returning(u)
            },
            // rng:int(lo, hi) → an integer in [lo, hi], no modulo bias
            "int": .takes(3) { call in
                let box = try call.object(1, as: cls)
                let lo = try call.int(2), hi = try call.int(3)
                guard lo <= hi else { throw LuaArgumentError(3, "interval is empty (\(lo) > \(hi))") }
                return call.returning(box.generator.int(lo, hi))
            },
            // rng:exp(mean) → exponential with that mean
            "exp": .takes(2) { call in
                let box = try call.object(1, as: cls)
                let mean = try call.double(2)
                guard mean > 0, mean.isFinite else { throw LuaArgumentError(2, "mean must be > 0, got \(LuaStack.format(number: mean))") }
                return call.returning(box.generator.exponential(mean: mean))
            },
            // rng:normal(mean, sd)
            "normal": .takes(3) { call in
                let box = try call.object(1, as: cls)
                let d = try Distribution.normal(mean: try call.double(2), sd: try call.double(3)).validated()
                return call.returning(d.sample(using: &box.generator))
            },
            // rng:chance(p) → true with probability p
            "chance": .takes(2) { call in
                let box = try call.object(1, as: cls)
                let p = try call.double(2)
                guard p >= 0, p <= 1 else { throw LuaArgumentError(2, "probability must be in [0, 1], got \(LuaStack.format(number: p))") }
                return call.returning(box.generator.uniform() < p)
            },
            // rng:pick(list) → one element, uniformly
            "pick": .takes(2) { call in
                let box = try call.object(1, as: cls)
                guard call.stack.isTable(at: 2) else { throw call.typeError(2, expected: "table") }
                let n = call.stack.rawLength(at: 2)
                guard n > 0 else { throw LuaArgumentError(2, "list is empty") }
                call.stack.getIndex(box.generator.int(1, n), in: 2)
                return 1
            },
            // rng:sample(distribution): a duration, as dist:sample(rng) (a negative normal draw counts as 0)
            "sample": .takes(2) { call in
                let box = try call.object(1, as: cls)
                return call.returning(try DistributionBinding.read(call, 2).sampleDuration(using: &box.generator))
            },
        ], tostring: { "rng: \($0.name)" })
    }

    /// The stream argument at `index` (a `shopfloor.rng`), or the world's stream named `fallback`.
    static func stream(_ call: LuaCall, _ index: Int, world: World, fallback: String) throws -> RandomStreamBox {
        if call.isNil(index) { return world.stream(named: fallback) }
        return try call.object(index, as: luaClass)
    }
}
