/// A routing function's answer: where the customer goes after the service that just ended.
public enum RoutingDecision: Sendable, Equatable {
    /// The customer leaves the world (their journey ends here).
    case leave
    /// The customer joins the line of `task` (any station, the same task included), keeping number, arrival
    /// time and attributes. `priority`, when given, is their priority class from now on (the customer's "class"
    /// may change with their task); `nil` keeps it.
    case to(task: Int, priority: Int? = nil)
}

/// A routing function: decides where `customer` (just served, state ``CustomerState/served``) goes next.
/// Called before anything changes, with mutations refused (like a teller policy), so a throw leaves the
/// customer with their teller; the finish is redone at the next step.
public typealias RoutingHook = (_ customer: Customer, _ simulation: Simulation) throws -> RoutingDecision
