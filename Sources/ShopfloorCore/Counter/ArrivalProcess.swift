/// A customer generator hook: returns the next arrival (gap and who), or `nil` to stop arrivals.
/// It may throw (a Lua error): the source then stops in a consistent state and is retried on the next step.
public typealias CustomerGenerator = (_ simulation: Simulation) throws -> GeneratedArrival?

/// A batch generator hook: writes up to `gaps.count` plain arrivals — the gap since the previous arrival and the
/// task index — into `gaps` and `tasks` (the same count) and returns how many it wrote; fewer than asked means
/// the stream ends after them. Called only when the previous batch is used up. It may throw (a Lua error): nothing
/// it wrote is used, and it is called again on the next step.
public typealias CustomerBatchGenerator = (
    _ gaps: UnsafeMutableBufferPointer<Double>, _ tasks: UnsafeMutableBufferPointer<Int32>, _ simulation: Simulation
) throws -> Int

/// Where customers come from.
public enum ArrivalProcess {
    /// Built in, no closure: exponential gaps with mean `1 / rate`, task from `mix`, both drawn from the
    /// source's own stream (named after the source, `"arrivals"` by default).
    case poisson(rate: Double, mix: TaskMix)
    /// A hook (for example a Lua function) called once per arrival.
    case generator(CustomerGenerator)
    /// A hook called once per `size` plain arrivals (no priority, patience or attributes). The arrivals are the
    /// same as from a generator drawing them one at a time, if its draws do not depend on the state (the clock,
    /// the lines) — they are made ahead of time.
    // Performance: one call per batch instead of per arrival (bank-open policies=lua, scripts/bench/bank-open).
    case batchGenerator(size: Int, CustomerBatchGenerator)
}
