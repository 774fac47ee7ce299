/// The network's values: stations, which station each task and pool belongs to, routing functions, the routing
/// stream, tellers blocked after service, and journey counts. One group of ``Simulation``'s state, copied whole
/// by a snapshot. Its class-held buffers — the route table (`routeSteps`, `routeChoices`) and the end-to-end
/// statistics (`journeyStatistics`) — are `let` properties of ``Simulation`` itself, like the counter's; its
/// invariants are in `Simulation+NetworkInvariants.swift`.
///
/// A world that never sets a route keeps ``tracksJourneys`` false: its finish path is the single-station one and
/// nothing here is read per event.
@usableFromInline
struct NetworkState {
    /// Station 0 exists from the start (unnamed until named): the counter of every single-station world.
    var stations = [Station(name: "")]
    /// Per task: its station.
    var taskStation: [Int32] = []
    /// Per pool: its station.
    var poolStation: [Int32] = []
    /// Per pool: time-weighted number of its tellers blocked after service (the value is the number now).
    var poolBlocked: [TimeWeighted] = []
    /// Routing functions, addressed by ``RouteStep/target`` of a `.decide` step.
    var routeHooks: [RoutingHook] = []
    /// Set when the first route is set, never cleared: finishes then go through the routing path and journeys
    /// are recorded (``JourneyStatistics``).
    @usableFromInline var tracksJourneys = false
    /// The `"routing"` stream: probability routes draw from it and nothing else does.
    var routingRNG: Xoshiro256StarStar
    /// Tellers blocked after service, in the order they were blocked (moved on in that order).
    var blocked: [BlockedTeller] = []
    /// Journeys ended after a service since the last `reset` (drives ``Simulation/run(untilCompleted:)``).
    var completedTotal = 0
    /// Of those, journeys of customers who first arrived since the statistics start.
    var completedSinceStatistics = 0

    init(streams: RandomStreams) {
        routingRNG = streams.stream("routing")
    }
}
