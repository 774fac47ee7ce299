import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// The Lua values that describe the counter's tasks and tellers to hooks, made once and reused: the task
/// names as Lua strings, one table per teller, the `lines` table (task name → line object) and a table
/// task name → task index (for generators). Every one is an owning ``LuaReference``: dropping an entry
/// releases its registry slot.
///
/// One set per world, shared by every hook call (`HookCall` reads it through an unowned pointer): a
/// rollback that takes tasks or tellers away trims it in one place (``trim(tasks:tellers:)``), so no hook
/// call can keep a table describing a teller that is gone.
///
/// Tasks and tellers are only ever appended, and a restore goes back to an earlier state: what remains
/// after a trim is a prefix that is still right.
final class CounterTables {
    let lua: LuaState
    // Performance: the hook calls read these per decision and per arrival; no runtime exclusivity check
    // (bank-open policies=lua, scripts/bench/bank-open). Safe: one per Lua state, not Sendable, no access
    // held across a call into Lua.

    /// The task names as Lua strings (by task index), and their interned addresses (a returned task name
    /// is matched by address first: short strings are interned in Lua).
    @exclusivity(unchecked) private(set) var taskNames: [LuaReference] = []
    @exclusivity(unchecked) private(set) var taskNameAddresses: [UnsafeRawPointer] = []
    /// One reused table per teller (number, pool, skill, skills), and their slots for the C fast paths.
    @exclusivity(unchecked) private(set) var tellerTables: [LuaReference] = []
    @exclusivity(unchecked) private(set) var tellerSlots: [Int32] = []
    /// The `lines` table (task name → line object), how many lines it holds, and the line objects'
    /// userdata addresses by line index (a policy's returned line is recognised by address).
    @exclusivity(unchecked) private(set) var lines: LuaReference?
    @exclusivity(unchecked) private(set) var linesSlot: Int32 = 0
    @exclusivity(unchecked) private(set) var linesInTable = 0
    @exclusivity(unchecked) private(set) var lineObjects: [UnsafeMutableRawPointer] = []
    /// The line objects themselves (by line index): a line's `station.task` key holds the same object as its plain
    /// name, so `lines["tellers.deposit"] == lines.deposit` and a returned line is recognised by its address.
    private var lineReferences: [LuaReference] = []
    /// Per counter (station) with a generator: a table task name → task index that its answers are read through
    /// (``taskIndexSlot(station:_:)``), its registry slot, the world's shape it was filled for, and the addresses
    /// of its names (by task index, the first `sf_name_pointers()`), for recognising a returned name without a lookup.
    @exclusivity(unchecked) private var taskIndexes: [LuaReference?] = []
    @exclusivity(unchecked) private var taskIndexSlots: [Int32] = []
    @exclusivity(unchecked) private var taskIndexShapes: [Int] = []
    @exclusivity(unchecked) private(set) var taskNamePointers: [[UnsafePointer<CChar>?]] = []

    init(lua: LuaState) {
        self.lua = lua
    }

    // MARK: Task names

    /// Interns the names of tasks not seen yet. A task whose name an earlier task (of another counter) already
    /// has goes by its `station.task` path: the name a policy, hook or generator sees (`teller.skill`,
    /// `customer.task`) then indexes the `lines` table at that task's own line, and a name returned is that task.
    func syncTaskNames(_ simulation: Simulation) {
        let stack = lua.stack
        while taskNames.count < simulation.tasks.count {
            let task = taskNames.count, name = simulation.tasks[task].name
            let shared = simulation.tasks[..<task].contains { $0.name == name }
            stack.push(shared ? simulation.path(ofTask: task) : name)
            taskNameAddresses.append(stack.address(at: -1)!)
            taskNames.append(LuaReference(popping: lua))
        }
    }

    /// Pushes task `task`'s name. Stack: [] → [name].
    func pushTaskName(_ task: Int, _ simulation: Simulation) {
        syncTaskNames(simulation)
        taskNames[task].push()
    }

    /// The task whose interned name is the string at `index`, if it is one of them.
    func task(interned index: Int32, _ simulation: Simulation) -> Int? {
        syncTaskNames(simulation)
        guard let p = lua.stack.address(at: index) else { return nil }
        return taskNameAddresses.firstIndex(of: p)
    }

    // MARK: Tellers and lines

    /// Pushes the reused table of teller `t`. Stack: [] → [table].
    func pushTellerTable(_ t: Int, _ simulation: Simulation) {
        let stack = lua.stack
        while tellerTables.count <= t {
            let teller = simulation.teller(tellerTables.count)
            stack.pushTable(record: 4)
            stack.push(teller.index + 1); stack.setField("number", in: -2)
            stack.push(simulation.pool(teller.pool).name); stack.setField("pool", in: -2)
            pushTaskName(teller.skills[0], simulation); stack.setField("skill", in: -2)
            stack.pushTable(array: teller.skills.count)
            for (i, skill) in teller.skills.enumerated() {
                pushTaskName(skill, simulation)
                stack.setIndex(i + 1, in: -2)
            }
            stack.setField("skills", in: -2)
            let table = LuaReference(popping: lua)
            tellerTables.append(table)
            tellerSlots.append(table.ref)
        }
        tellerTables[t].push()
    }

    /// Pushes the `lines` table, with a line object for every task. Stack: [] → [lines].
    func pushLinesTable(_ simulation: Simulation, line: (Int) -> LineHandle) {
        let stack = lua.stack
        if lines == nil {
            stack.pushTable()
            let table = LuaReference(popping: lua)
            lines = table
            linesSlot = table.ref
        }
        lines!.push()
        while linesInTable < simulation.tasks.count {
            LineBinding.push(line(linesInTable), onto: stack)
            lineObjects.append(stack.userdataAddress(at: -1) ?? UnsafeMutableRawPointer(bitPattern: 1)!)
            stack.pushCopy(of: -1)
            lineReferences.append(LuaReference(popping: lua))
            // Two counters may each have a `deposit`: the plain name is the first one's (as `counter:arrive`
            // and generators read it); `station.task` names each once the world has several stations.
            pushTaskName(linesInTable, simulation)
            _ = stack.rawGet(in: -3)
            let taken = !stack.isNil(at: -1)
            stack.pop()
            if !taken {
                pushTaskName(linesInTable, simulation)
                stack.pushCopy(of: -2)
                stack.rawSet(in: -4)
            }
            stack.pop()
            linesInTable += 1
        }
        if simulation.stations.count > 1 && linesWithPaths < simulation.tasks.count {
            while linesWithPaths < simulation.tasks.count {
                // The object made above, not a second one (a second made every `station.task` answer of a policy
                // miss the address match: ~1,000 instructions per decision, scripts/bench/tandem policies=lua).
                stack.push(simulation.path(ofTask: linesWithPaths))
                lineReferences[linesWithPaths].push()
                stack.rawSet(in: -3)
                linesWithPaths += 1
            }
        }
    }

    /// How many lines the `lines` table also holds under their `station.task` path (several stations only).
    @exclusivity(unchecked) private(set) var linesWithPaths = 0

    /// The registry slot of counter `station`'s task-name → index table, filled for the tasks and stations the
    /// world has now. The first counter's holds every task's plain name (a name two counters share is the first
    /// one's task, as ``World/task(at:)`` finds it); another counter's only its own tasks' plain names; in a world
    /// of several stations both also hold every `station.task` path.
    @inline(__always)
    func taskIndexSlot(station: Int, _ simulation: Simulation) -> Int32 {
        if station < taskIndexShapes.count, taskIndexShapes[station] == Self.shape(simulation) { return taskIndexSlots[station] }
        return rebuildTaskIndex(station: station, simulation)
    }

    /// What a task-name table depends on: how many tasks and stations the world has (tasks and stations are only
    /// ever added; a restore that takes some away drops the tables, ``trim(tasks:tellers:)``).
    @inline(__always)
    private static func shape(_ simulation: Simulation) -> Int { simulation.taskCount << 16 | simulation.stationCount }

    private func rebuildTaskIndex(station: Int, _ simulation: Simulation) -> Int32 {
        while taskIndexes.count <= station {
            taskIndexes.append(nil)
            taskIndexSlots.append(0)
            taskIndexShapes.append(-1)
            taskNamePointers.append([UnsafePointer<CChar>?](repeating: nil, count: Int(sf_name_pointers())))
        }
        let stack = lua.stack
        stack.pushTable()
        // In reverse, so a name two counters share maps to the first one's task.
        for (i, task) in simulation.tasks.enumerated().reversed() where station == 0 || simulation.station(ofTask: i) == station {
            stack.push(task.name)
            stack.push(i)
            stack.rawSet(in: -3)
        }
        // The addresses of the plain names, before the paths go in: a generator answers plain names far more often,
        // and a task with both keys would otherwise be recognised by whichever the table's order puts last.
        taskNamePointers[station].withUnsafeMutableBufferPointer { sf_fill_name_pointers(lua.L, -1, $0.baseAddress) }
        if simulation.stations.count > 1 {
            for i in simulation.tasks.indices {
                stack.push(simulation.path(ofTask: i))
                stack.push(i)
                stack.rawSet(in: -3)
            }
        }
        let table = LuaReference(popping: lua)
        taskIndexes[station] = table
        taskIndexSlots[station] = table.ref
        taskIndexShapes[station] = Self.shape(simulation)
        return table.ref
    }

    // MARK: After a restore

    /// Drops what describes tasks at index `tasks` and above and tellers at `tellers` and above (a restore
    /// took them away): their `lines` entries go, their references are released.
    func trim(tasks: Int, tellers: Int) {
        let stack = lua.stack
        if linesInTable > tasks, let lines {
            lines.push()
            for i in tasks..<linesInTable {
                taskNames[i].push()
                stack.pushNil()
                stack.rawSet(in: -3)
            }
            stack.pop()
            linesInTable = tasks
            lineObjects.removeSubrange(tasks...)
            lineReferences.removeSubrange(tasks...)
        }
        if linesWithPaths > tasks {
            // A fresh table next time: path keys of tasks or stations that are gone would stay.
            lines = nil
            linesSlot = 0
            linesInTable = 0
            linesWithPaths = 0
            lineObjects.removeAll()
            lineReferences.removeAll()
        }
        // Fresh task-name tables next time: these may map names of tasks or stations that are gone.
        taskIndexes.removeAll()
        taskIndexSlots.removeAll()
        taskIndexShapes.removeAll()
        taskNamePointers.removeAll()
        if taskNames.count > tasks {
            taskNames.removeSubrange(tasks...)
            taskNameAddresses.removeSubrange(tasks...)
        }
        if tellerTables.count > tellers {
            tellerTables.removeSubrange(tellers...)
            tellerSlots.removeSubrange(tellers...)
        }
    }
}
