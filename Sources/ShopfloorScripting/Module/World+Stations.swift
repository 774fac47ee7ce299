import LuaKit
import ShopfloorCore

/// One station's counter object (`shopfloor.counter "tellers"`): the Lua table whose methods act on that
/// station's tasks, tellers and lines. Made once per station; station 0 is the first counter a scenario names,
/// so every single-counter scenario is unchanged.
struct CounterBinding {
    /// The core's station index.
    let station: Int
    /// The Lua counter object (methods capture ``station``).
    let object: LuaReference
}

/// Stations: names to counter objects, and task names looked up in a station (World+Counter.swift's methods).
extension World {
    /// The station `shopfloor.counter(name)` stands for: the first counter for no name or the first name given
    /// (station 0), else the station called `name`, made if new (not on a reload: it cannot add one).
    /// The core's station 0 stays unnamed until a second station exists, so a single-counter world's task paths,
    /// messages and outputs are exactly as before stations.
    func station(forCounter name: String?) throws -> Int {
        guard let name, counterName != nil, name != counterName else {
            if counterName == nil { counterName = name ?? "counter" }
            return 0
        }
        if let index = simulation.stationIndex(named: name) { return index }
        if case .reloading = assembly {
            throw ScriptingError.invalidScenario("reload cannot add counter '\(name)' to a living world: use :reset to rebuild the scenario")
        }
        guard simulation.stations.count < ScriptLimits.stations else {
            throw ScriptingError.invalidScenario("counter '\(name)': a world has at most \(ScriptLimits.stations) counters")
        }
        do {
            if simulation.stations[0].name.isEmpty { _ = try simulation.station(named: counterName!) }
            let station = try simulation.station(named: name)
            stationAdded()
            return station
        } catch CoreError.invalidArgument(let message) {
            throw ScriptingError.invalidScenario(message.replacingOccurrences(of: "station:", with: "counter:"))
        }
    }

    /// Whether the world has more than one station (names in output and messages are then `station.task`).
    var hasSeveralStations: Bool { simulation.stations.count > 1 }

    /// Task `name` as counter `station` sees it: its own task of that name, else a `station.task` path.
    func task(named name: String, in station: Int) throws -> Int {
        guard let i = taskIndex(name, seenFrom: station) else { throw ScriptingError.invalidScenario(unknownTask(name, in: station)) }
        return i
    }

    /// Task `name` as counter `station` sees it, or nil: its own task of that name, else a `station.task` path
    /// (``taskIndex(path:)``). The one rule for routes, `arrive`, generators and routing functions.
    func taskIndex(_ name: String, seenFrom station: Int) -> Int? {
        if let i = simulation.taskIndex(named: name, inStation: station) { return i }
        return name.contains(".") ? taskIndex(path: name) : nil
    }

    /// Task `path` (`station.task`), or a plain task name: the core's lookup, and while the world has one counter
    /// (the core keeps its station unnamed, so single-counter outputs read as before stations) that counter's
    /// name too, as the trace's `station` shows it: `shopfloor.counter "s"` then `route = { ["s.t"] = 0.3, … }`
    /// works before a second counter exists as after.
    func taskIndex(path: String) -> Int? {
        if let i = simulation.taskIndex(path: path) { return i }
        guard let dot = path.firstIndex(of: "."), let counterName, simulation.stations[0].name.isEmpty,
              path[..<dot] == counterName[...] else { return nil }
        return simulation.taskIndex(named: String(path[path.index(after: dot)...]), inStation: 0)
    }

    /// `unknown task 'x' (tasks: …; did you mean …?)` for counter `station`: its own tasks are listed (the
    /// single-station message is unchanged), and in a world of several stations every `station.task` path too.
    func unknownTask(_ name: String, in station: Int) -> String {
        guard hasSeveralStations else { return unknownTask(name) }
        let own = tasks(ofStation: station).map { simulation.tasks[$0].name }
        return UnknownName.message("task", name, among: own + allTaskPaths, label: "tasks",
                                   whenEmpty: "none yet — declare one with counter:task{…}")
    }

    /// The tasks of counter `station`; none for a counter a rollback took away (Lua may still hold its object).
    func tasks(ofStation station: Int) -> [Int] {
        simulation.stations.indices.contains(station) ? simulation.stations[station].tasks : []
    }

    /// Every task's `station.task` path, in task order.
    var allTaskPaths: [String] { simulation.tasks.indices.map { simulation.path(ofTask: $0) } }

    /// Task `task`'s name in messages: its path in a world of several stations, else its plain name.
    func taskLabel(_ task: Int) -> String {
        hasSeveralStations ? simulation.path(ofTask: task) : simulation.tasks[task].name
    }

    /// The counter object of `station`, made on first use.
    func pushCounter(station: Int) {
        if let binding = counters.first(where: { $0.station == station }) {
            binding.object.push()
            return
        }
        pushNewCounter(station: station)
        lua.stack.pushCopy(of: -1)
        counters.append(CounterBinding(station: station, object: LuaReference(popping: lua)))
    }
}
