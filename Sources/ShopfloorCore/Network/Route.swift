/// Where a customer goes after being served at a task: set per task with ``Simulation/setRoute(_:forTask:)``.
///
/// Routes are per task (a customer's task is their class here: a routing function that wants per-priority or
/// per-attribute routing reads them from the customer). With no route set anywhere the core never looks one up.
///
/// ```swift
/// try sim.setRoute(.next(task: packing), forTask: blending)                     // a tandem
/// try sim.setRoute(.choice([(deposit, 0.7), (loan, 0.3)]), forTask: reception)  // probabilities
/// try sim.setRoute(.choice([(desk, 0.2)]), forTask: desk)                        // feedback: 20 % come back
/// try sim.setRoute(.decide { c, _ in c.priority > 0 ? .to(task: manager) : .leave }, forTask: loan)
/// ```
public enum Route {
    /// The customer leaves after service (the default of every task).
    case leave
    /// Always on to `task` (any station, the same task included).
    case next(task: Int, whenFull: WhenFull = .wait)
    /// On to one of the tasks with the given probabilities (each ≥ 0, together ≤ 1); what is missing to 1 is the
    /// probability of leaving. One uniform draw per routed customer from the `"routing"` stream, so adding or
    /// changing routes never shifts any other draw.
    case choice([(task: Int, probability: Double)], whenFull: WhenFull = .wait)
    /// A function of the customer decides (``RoutingHook``), possibly changing their task and priority.
    case decide(RoutingHook, whenFull: WhenFull = .wait)
}
