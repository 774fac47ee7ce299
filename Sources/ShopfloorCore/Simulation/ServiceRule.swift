/// How a free teller chooses and starts work: the strategy the counter is configured with, run by
/// ``Simulation/offer(_:)``. Derived from the installed hooks (their setters keep it in step), so a simulation
/// never asks "are these the makers?" on its service path: it runs whichever rule is installed.
///
/// - ``builtin``: no closure call; each teller tries its skills in order, or only its own (``BuiltinTellerRule``).
/// - ``policy``: the installed ``Simulation/tellerPolicy`` closure, asked only when a line it looks at has someone.
/// - ``makers(_:)``: the juice bar's makers (``Simulation/serveRecipes(_:)``), oldest order first, the recipe
///   taken at service start: the same steps, checks and draws as the policy and service-time hooks it stands
///   for, without calling them (``RecipeService/offer(teller:in:)``).
// Performance: one switch per offer, and the makers' service without reference counting (`Unmanaged`: the
// simulation's `makers` owns it) — juice-bar and bank-open benchmarks, docs/performance.md.
enum ServiceRule {
    case builtin
    case policy
    case makers(Unmanaged<RecipeService>)
}
