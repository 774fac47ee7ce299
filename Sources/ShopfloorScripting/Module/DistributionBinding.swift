import Foundation
import LuaKit
import ShopfloorCore

/// A `Distribution` held by Lua: `shopfloor.exponential(0.7)` returns one; scenarios pass them as
/// `service =` and `patience =`, and may draw from them with `dist:sample(rng)`.
final class DistributionBox {
    let distribution: Distribution
    init(_ distribution: Distribution) { self.distribution = distribution }
}

enum DistributionBinding {
    static let luaClass = LuaClass<DistributionBox>(name: "shopfloor.distribution")

    /// The distribution constructors of the `shopfloor` module, by Lua name.
    static func constructors(world: World) -> [String: LuaHostFunction] {
        func make(_ arguments: Int, _ build: @escaping (LuaCall) throws -> Distribution) -> LuaHostFunction {
            .takes(arguments) { [unowned world] call in
                let distribution = try build(call).validated()
                if case let .normal(m, sd) = distribution, let note = clampNote(mean: m, sd: sd) {
                    world.warning("\(StockModule.callerPlace(call.stack)): warning: \(note)")
                }
                call.stack.push(object: DistributionBox(distribution), as: luaClass)
                return 1
            }
        }
        return [
            "fixed": make(1) { .fixed(try $0.double(1)) },
            "uniform": make(2) { .uniform(try $0.double(1), try $0.double(2)) },
            "exponential": make(1) { .exponential(mean: try $0.double(1)) },
            "normal": make(2) { .normal(mean: try $0.double(1), sd: try $0.double(2)) },
            "lognormal": make(2) { .lognormal(mean: try $0.double(1), sd: try $0.double(2)) },
            "erlang": make(2) { .erlang(k: try $0.int(1), mean: try $0.double(2)) },
            "gamma": make(2) { .gamma(shape: try $0.double(1), scale: try $0.double(2)) },
            "discrete": make(1) { call in
                let table = try call.table(1)
                var values: [Double] = [], weights: [Double] = []
                for (key, weight) in table.sortedEntries {
                    guard let w = weight.doubleValue else { throw LuaArgumentError(1, "weights must be numbers, got \(weight.typeName) for \(key)") }
                    switch key {
                    case .integer(let i): values.append(Double(i))
                    case .number(let d): values.append(d)
                    default: throw LuaArgumentError(1, "expected { [value] = weight, … } with numeric values, got key '\(key)'")
                    }
                    weights.append(w)
                }
                return try Distribution.discrete(values: values, weights: weights)
            },
        ]
    }

    /// What a user should know when a normal's clamp at 0 moves its mean by more than 1 %, or nil.
    static func clampNote(mean m: Double, sd: Double) -> String? {
        let effective = Distribution.normalMeanClampedAtZero(mean: m, sd: sd)
        guard abs(effective - m) > 0.01 * abs(m) || (m == 0 && effective > 0) else { return nil }
        return "normal(\(formatted(m)), \(formatted(sd))) draws durations, and a negative draw counts as 0: "
            + "its mean as a duration is \(formatted(effective)), not \(formatted(m))"
    }

    /// A number as a user wrote it (`0.5`, `1`, `0.698`): at most 4 significant digits.
    static func formatted(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(format: "%.4g", x)
    }

    static func define(in state: LuaState, world: World) {
        luaClass.define(in: state, methods: [
            "sample": .takes(2) { [unowned world] call in
                let box = try call.object(1, as: luaClass)
                let stream = try RandomBinding.stream(call, 2, world: world, fallback: "sample")
                // A duration, as the core draws it (a negative normal draw counts as 0): `:mean()` is its mean.
                return call.returning(box.distribution.sampleDuration(using: &stream.generator))
            },
            "mean": .takes(1) { call in call.returning(try call.object(1, as: luaClass).distribution.mean) },
        ], tostring: { box in "distribution: \(box.distribution)" })
    }

    /// Reads a distribution argument: a distribution object, or a plain number meaning `fixed`.
    static func read(_ call: LuaCall, _ index: Int) throws -> Distribution {
        if let d = call.stack.double(at: Int32(index)), call.stack.isNumber(at: Int32(index)) {
            return .fixed(d)
        }
        return try call.object(index, as: luaClass).distribution
    }

    /// Reads `table[field]` (at stack index `table`) as a distribution, if present; `context` names the
    /// function in the message (`task: 'service' must be a distribution …`).
    static func field(_ field: String, of call: LuaCall, table: Int32, context: String? = nil) throws -> Distribution? {
        let stack = call.stack
        let type = stack.getField(field, in: table)
        defer { stack.pop() }
        if type.isNil { return nil }
        if type == .number, let d = stack.double(at: -1) { return .fixed(d) }
        guard let raw = stack.object(at: -1, as: luaClass) else {
            let prefix = context.map { "\($0): " } ?? ""
            throw ScriptingError.invalidScenario("\(prefix)'\(field)' must be a distribution (shopfloor.exponential(0.7), …) or a number, got \(stack.typeName(at: -1))")
        }
        return raw.distribution
    }
}
