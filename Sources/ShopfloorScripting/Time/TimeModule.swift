import LuaKit
import ShopfloorCore

/// `shopfloor.at`, `shopfloor.every`, `shopfloor.process` (with `shopfloor.wait` and `shopfloor.wait_until`, in
/// Lua: ``ProcessRuntime``) and their handles. Documented in docs/lua-api.md, "Time and processes".
enum TimeModule {
    static let handleClass = LuaClass<TimeHandle>(name: "shopfloor.timer")

    static func install(in world: World, module: Int32) {
        let lua = world.lua
        let cls = handleClass
        cls.define(in: lua, methods: [
            // handle:cancel() → whether it was still active
            "cancel": .takes(1) { call in call.returning(try call.object(1, as: cls).cancel()) },
            // handle:active() → whether the timer will still fire / the process is alive
            "active": .takes(1) { call in call.returning(try call.object(1, as: cls).isActive) },
        ], tostring: { handle in
            "\(handle.kind == .timer ? "timer" : "process") (\(handle.isActive ? "active" : "ended"))"
        })
        // shopfloor.at(t, fn) → handle: fn(now) once at simulated time t
        lua.setFunction("at", in: module, takes: 2, naming: "shopfloor.at") { [unowned world] call in
            let time = try world.simulatedTime(call, 1, "shopfloor.at", "t")
            try call.checkFunction(2)
            let handle = try world.declareTimer(functionAt: 2, call: call) { action in
                try world.simulation.addTimer(at: time, action)
            }
            call.stack.push(object: handle, as: cls)
            return 1
        }
        // shopfloor.every(dt, fn [, { from = t0, to = t1 }]) → handle: fn(now) at from, from + dt, … ≤ to
        lua.setFunction("every", in: module, takes: 3, naming: "shopfloor.every") { [unowned world] call in
            // One message for every refused dt (a negative one was told '>= 0', and then 0 was refused too).
            guard let interval = try? world.simulatedTime(call, 1, "shopfloor.every", "dt"), interval > 0 else {
                throw ScriptingError.invalidScenario("shopfloor.every: 'dt' must be a finite number of seconds > 0, got \(OptionTable.show(call.value(1)))")
            }
            try call.checkFunction(2)
            var from: Double?, to: Double?
            if !call.isNil(3) {
                let spec = try world.options(call, 3, "shopfloor.every", accepted: ["from", "to"])
                let times = 0...Double.greatestFiniteMagnitude
                from = try spec.number("from", in: times)
                to = try spec.number("to", in: times)
                let start = from ?? world.simulation.now + interval
                if let f = from, f < world.simulation.now, !world.isReloading {
                    throw ScriptingError.invalidScenario("shopfloor.every: 'from' (\(OptionTable.show(.number(f)))) is before now (\(OptionTable.show(.number(world.simulation.now))))")
                }
                if let t = to, t < start, !world.isReloading {
                    throw ScriptingError.invalidScenario("shopfloor.every: 'to' (\(OptionTable.show(.number(t)))) is before the first call (\(OptionTable.show(.number(start))))")
                }
            }
            let handle = try world.declareTimer(functionAt: 2, call: call) { action in
                try world.simulation.addTimer(every: interval, from: from, to: to, action)
            }
            call.stack.push(object: handle, as: cls)
            return 1
        }
        // shopfloor.process(fn [, { background = true }]) → handle: fn runs as a coroutine from now
        lua.setFunction("process", in: module, takes: 2, naming: "shopfloor.process") { [unowned world] call in
            try call.checkFunction(1)
            var background = false
            if !call.isNil(2) {
                let spec = try world.options(call, 2, "shopfloor.process", accepted: ["background"])
                if let value = spec["background"] {
                    guard case .boolean(let b) = value else {
                        throw ScriptingError.invalidScenario(spec.mismatch("background", expected: "true or false", value))
                    }
                    background = b
                }
            }
            let handle = try world.declareProcess(functionAt: 1, call: call, keepsRunAlive: !background)
            call.stack.push(object: handle, as: cls)
            return 1
        }
        do {
            world.time.runtime = try ProcessRuntime.install(in: world, module: module)
        } catch {
            preconditionFailure("the process runtime does not load: \(error)")
        }
    }
}

extension World {
    /// Argument `index` as a simulated time: a finite number >= 0 (at/every check "not before now" themselves).
    func simulatedTime(_ call: LuaCall, _ index: Int, _ function: String, _ name: String) throws -> Double {
        let value = call.value(index)
        let number: Double? = switch value {
        case .number(let d): d
        case .integer(let i): Double(i)
        default: nil
        }
        guard let number, number.isFinite, number >= 0 else {
            throw ScriptingError.invalidScenario("\(function): '\(name)' must be a finite number of seconds >= 0, got \(OptionTable.show(value))")
        }
        if function == "shopfloor.at", number < simulation.now, !isReloading {
            throw ScriptingError.invalidScenario("shopfloor.at: 't' (\(OptionTable.show(value))) is before now (\(OptionTable.show(.number(simulation.now))))")
        }
        return number
    }

    var isReloading: Bool {
        if case .reloading = assembly { return true }
        return false
    }

    /// A reload hands back the handle the k-th declaration made at load (nothing is added: the timers and
    /// processes set at load go on with the functions they have); a declaration the load did not make is refused.
    func redeclaration(_ kind: TimeHandle.Kind, _ what: String) throws -> TimeHandle? {
        guard case .reloading = assembly else { return nil }
        let k = time.redeclared
        time.redeclared += 1
        guard k < time.declared.count, time.declared[k].kind == kind else {
            throw ScriptingError.invalidScenario("reload cannot add \(what) to a living world (timers and processes are set once, when the scenario loads): use :reset to rebuild the scenario")
        }
        return time.declared[k]
    }

    /// `shopfloor.at` / `every`: the core timer made by `add`, calling the function at `index` with the clock.
    func declareTimer(functionAt index: Int, call: LuaCall, _ add: (@escaping TimerAction) throws -> TimerID) throws -> TimeHandle {
        if let again = try redeclaration(.timer, "a timer") { return again }
        call.stack.pushCopy(of: Int32(index))
        let function = LuaReference(popping: lua)
        let handle = TimeHandle(kind: .timer, world: self)
        handle.place = definition(of: function)
        handle.timer = try add { [unowned self] simulation, _ in
            function.push()
            lua.stack.push(simulation.now)
            try lua.protectedCall(arguments: 1, results: 0)
        }
        keep(handle)
        return handle
    }

    /// `shopfloor.process`: a coroutine for the function at `index`, first resumed at the current time (in event
    /// order: after the events already due now).
    func declareProcess(functionAt index: Int, call: LuaCall, keepsRunAlive: Bool) throws -> TimeHandle {
        if let again = try redeclaration(.process, "a process") { return again }
        guard let runtime = time.runtime else { throw ScriptingError.invalidScenario("shopfloor.process: no process runtime") }
        call.stack.pushCopy(of: Int32(index))
        let function = LuaReference(popping: lua)
        runtime.spawn.push()
        function.push()
        try lua.protectedCall(arguments: 1, results: 1)
        let process = ProcessState(coroutine: LuaReference(popping: lua), function: function, keepsRunAlive: keepsRunAlive)
        let handle = TimeHandle(kind: .process, world: self)
        handle.process = process
        handle.place = definition(of: function)
        process.timer = try simulation.addTimer(at: simulation.now, keepsRunAlive: keepsRunAlive) { [unowned self] _, _ in
            try resume(process)
        }
        keep(handle)
        return handle
    }

    /// Keeps a declaration: for a reload to match if no run is under way (the load, the REPL's prompt), else only
    /// while it may still fire or run (``TimeBinding/duringRun``), for a zero-time loop's error to name its place. A
    /// timer or process a hook, timer or process declares while the world runs is no declaration a reload meets
    /// again, and keeping it for good grew the world by a handle per call.
    private func keep(_ handle: TimeHandle) {
        if simulation.isRunning { time.duringRun.append(handle, in: time) } else { time.declared.append(handle) }
    }
}
