/// A customer generator hook: returns the next arrival (gap and who), or `nil` to stop arrivals.
/// It may throw (a Lua error): the source then stops in a consistent state and is retried on the next step.
public typealias CustomerGenerator = (_ simulation: Simulation) throws -> GeneratedArrival?

/// Where customers come from.
public enum ArrivalProcess {
    /// Built in, no closure: exponential gaps with mean `1 / rate`, task from `mix`, both drawn from the
    /// source's own stream (named after the source, `"arrivals"` by default).
    case poisson(rate: Double, mix: TaskMix)
    /// A hook (for example a Lua function) called once per arrival.
    case generator(CustomerGenerator)
}
