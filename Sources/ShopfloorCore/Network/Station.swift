/// A named counter of a world: a group of tasks (each with its waiting line) and the teller pools that serve them.
///
/// A world has at least one station: station 0, the counter every single-counter scenario builds, unnamed
/// (`""`) until a name is given. A pool serves only tasks of its own station; routing moves customers between
/// tasks of any stations (``Route``). Station names and task names are separate namespaces, so two stations may
/// each have a `deposit` task; `"tellers.deposit"` addresses one (``Simulation/taskIndex(path:)``).
///
/// ```swift
/// let reception = try sim.station(named: "reception")          // station 0 takes the first name asked for
/// let tellers = try sim.station(named: "tellers")              // a second station
/// let desk = try sim.addTask(TaskClass(name: "desk", service: .exponential(mean: 1)), station: reception)
/// let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 2)), station: tellers)
/// ```
public struct Station: Sendable, Equatable {
    /// Unique among stations; no `.` (it separates station and task in a path). `""` only for an unnamed station 0.
    public internal(set) var name: String
    /// Task indices of the station, in the order added (indices into ``Simulation/tasks``).
    public internal(set) var tasks: [Int] = []
    /// Pool indices of the station, in the order added (indices into ``Simulation/pools``).
    public internal(set) var pools: [Int] = []

    init(name: String) {
        self.name = name
    }
}
