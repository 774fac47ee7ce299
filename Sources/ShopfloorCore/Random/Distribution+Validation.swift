extension Distribution {
    /// Returns `self` if its parameters are valid, or throws an error quoting the bad one
    /// (`exponential: 'mean' must be > 0, got -1`).
    public func validated() throws(CoreError) -> Distribution {
        func positive(_ value: Double, _ name: String, _ kind: String) throws(CoreError) {
            try CoreError.require(value.isFinite && value > 0, "\(kind): '\(name)' must be > 0, got \(quoted(value))")
        }
        func finite(_ value: Double, _ name: String, _ kind: String) throws(CoreError) {
            try CoreError.require(value.isFinite, "\(kind): '\(name)' must be a finite number, got \(quoted(value))")
        }
        switch self {
        case .fixed(let v):
            try finite(v, "value", "fixed")
        case let .uniform(a, b):
            try finite(a, "a", "uniform")
            try finite(b, "b", "uniform")
            try CoreError.require(a <= b, "uniform: 'a' must be <= 'b', got a = \(quoted(a)), b = \(quoted(b))")
        case .exponential(let m):
            try positive(m, "mean", "exponential")
        case let .normal(m, sd):
            try finite(m, "mean", "normal")
            try CoreError.require(sd.isFinite && sd >= 0, "normal: 'sd' must be >= 0, got \(quoted(sd))")
        case let .lognormal(m, sd):
            try positive(m, "mean", "lognormal")
            try CoreError.require(sd.isFinite && sd >= 0, "lognormal: 'sd' must be >= 0, got \(quoted(sd))")
        case let .erlang(k, m):
            try CoreError.require(k >= 1, "erlang: 'k' must be >= 1, got \(k)")
            try positive(m, "mean", "erlang")
        case let .gamma(shape, scale):
            try positive(shape, "shape", "gamma")
            try positive(scale, "scale", "gamma")
        case .discrete:
            break  // validated when the table was built
        }
        return self
    }

    /// Validates `self` for use as a duration: valid, and a draw is never negative except through a normal's
    /// tail (which ``sampleDuration(using:)`` clamps to 0).
    public func validatedDuration(_ what: String) throws(CoreError) -> Distribution {
        let d = try validated()
        switch d {
        case .fixed(let v):
            try CoreError.require(v >= 0, "\(what): fixed 'value' must be >= 0, got \(quoted(v))")
        case .uniform(let a, _):
            try CoreError.require(a >= 0, "\(what): uniform 'a' must be >= 0, got \(quoted(a))")
        case .discrete(let table):
            if let bad = table.values.first(where: { $0 < 0 }) {
                throw CoreError.invalidArgument("\(what): discrete 'values' must be >= 0, got \(quoted(bad))")
            }
        default:
            break
        }
        return d
    }
}
