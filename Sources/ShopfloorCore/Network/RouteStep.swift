/// The core's record of one task's route: trivial, in one flat table indexed by task, so the finish path reads
/// it with one load and no reference counting (closures live in ``NetworkState/routeHooks``, probability tables
/// in `Simulation.routeChoices`).
struct RouteStep: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case leave, next, choice, decide }
    var kind = Kind.leave
    var whenFull = WhenFull.wait
    /// `.next`: the task; `.decide`: the index into ``NetworkState/routeHooks``.
    var target: Int32 = -1
    /// `.choice`: the range of its entries in `Simulation.routeChoices`.
    var choiceStart: Int32 = 0
    var choiceCount: Int32 = 0
}

/// One entry of a probability route: the task and the cumulative probability up to and including it.
struct RouteChoice: Sendable, Equatable {
    var task: Int32
    var cumulative: Double
}
