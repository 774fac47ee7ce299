import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// The customer an event hook (or a service-time hook) receives: a read-only handle onto the event
/// being delivered, whose fields are read on demand by C (`shim_customer.h`) from a small struct this
/// class fills with plain stores — nothing is built per event unless the script reads `pool` or `attrs`.
///
/// ```lua
/// bank:on("finish", function(c) total = total + c.waited end)   -- reads one number, builds nothing
/// bank:on("start", function(c) kept[#kept + 1] = c:copy() end)   -- a plain table, kept as long as you like
/// ```
///
/// A handle describes one event only: read after its hook returned it raises an error (each event has
/// its own handle value, a generation number). Nested deliveries (a hook that makes the counter move)
/// save and restore the event being delivered.
///
/// `shim_customer.h` is the one definition of a customer's fields; the plain tables of
/// `line:customers()`, `counter:waiting()` and `counter:serving()` are built by it too (``World/pushCustomerCopy(_:onto:view:)``).
// Performance: an empty on("finish") hook cost ~850 ns per call with a filled table; scripts/bench/hooks.
final class CustomerHandle {
    /// Lives as long as the Lua state (a full userdata of it).
    let state: UnsafeMutablePointer<sf_customer_state>
    // Performance: unowned(unsafe), no unowned-to-strong retain per event (scripts/bench/hooks). Safe: the
    // world holds the handle and outlives it.
    unowned(unsafe) let world: World
    let L: OpaquePointer
    let memory: LuaState.Memory
    /// What the C side cannot read from the struct (the teller's pool comes from the struct's teller).
    @exclusivity(unchecked) var attributes: [String: AttributeValue]?
    /// How many task names the C names table holds (a rollback that takes tasks away trims it: ``trimTaskNames(to:)``).
    @exclusivity(unchecked) var tasksInTable = 0

    /// What a nested delivery replaces, put back when it ends.
    struct Saved {
        let event: sf_customer_event
        let attributes: [String: AttributeValue]?
    }

    init(world: World) {
        self.world = world
        self.L = world.lua.L
        self.memory = world.lua.memory
        // The slow fields: pool (a name) and attrs (a fresh table, cached by C for the event).
        world.lua.stack.push(function: { [unowned world] call in
            guard let handle = world.customerHandle else { return 0 }
            switch try call.string(1) {
            case "pool":
                let t = Int(handle.state.pointee.current.teller) - 1
                guard t >= 0 else { return 0 }
                call.stack.push(world.simulation.poolName(ofTeller: t))
            case "attrs":
                guard let attributes = handle.attributes else { return 0 }
                world.pushAttributes(attributes)
            default:
                return 0
            }
            return 1
        })
        guard let state = sf_customer_setup(L) else {
            preconditionFailure("out of memory while setting up the customer handle")
        }
        self.state = state
    }

    /// Makes `c` (at `time`, with `teller`, 0-based, if any) the event being delivered; returns what it replaced.
    @inline(__always)
    func enter(_ c: Customer, time: Double, teller: Int?) -> Saved {
        let saved = Saved(event: state.pointee.current, attributes: attributes)
        fill(c, time: time, teller: teller)
        return saved
    }

    /// Ends a delivery: the handle given to the hooks expires; an outer delivery is current again.
    @inline(__always)
    func leave(_ saved: Saved) {
        state.pointee.current = saved.event
        if attributes != nil || saved.attributes != nil { attributes = saved.attributes }
    }

    /// Stores `c`'s fields in the struct C reads, and starts a new generation.
    @inline(__always)
    func fill(_ c: Customer, time: Double, teller: Int?) {
        syncTaskNames(upTo: c.task)
        state.pointee.current = CustomerHandle.event(c, time: time, teller: teller)
        if c.attributes != nil { attributes = c.attributes } else if attributes != nil { attributes = nil }
        _ = sf_customer_begin(state)
    }

    /// The plain values C reads for `c` at `time` (teller 0-based in, 1-based out, 0 = none): the one
    /// place a `Customer` becomes an `sf_customer_event` (the handle and the plain tables both use it).
    static func event(_ c: Customer, time: Double, teller: Int?) -> sf_customer_event {
        var e = sf_customer_event()
        e.number = Int64(c.number)
        e.task = Int64(c.task)
        e.time = time
        e.arrival = c.arrivalTime
        e.priority = Int64(c.priority)
        if let start = c.serviceStart { e.started = 1; e.service_start = start }
        e.teller = (teller ?? c.teller).map { Int64($0 + 1) } ?? 0
        e.has_attrs = c.attributes == nil ? 0 : 1
        return e
    }

    /// Keeps the C names tables (task index + 1 → its name, and its station's name) in step with the tasks.
    /// A task's station never changes, nor does a station's output name (``World/stationName(_:)``: station 0
    /// is the first counter name given, fixed by the first `shopfloor.counter` call, which comes before any task).
    @inline(__always)
    func syncTaskNames(upTo task: Int) {
        if task >= tasksInTable { addTaskNames() }
    }

    func addTaskNames() {
        let tasks = world.simulation.tasks
        let stack = world.lua.stack
        _ = stack.push(reference: state.pointee.task_names_ref)
        _ = stack.push(reference: state.pointee.station_names_ref)
        for i in tasksInTable..<max(tasks.count, tasksInTable) {
            stack.push(tasks[i].name)
            stack.setIndex(i + 1, in: -3)
            stack.push(world.stationName(world.simulation.station(ofTask: i)))
            stack.setIndex(i + 1, in: -2)
        }
        stack.pop(2)
        tasksInTable = max(tasks.count, tasksInTable)
    }

    /// Forgets the names of tasks at index `count` and above (a restore took them away).
    func trimTaskNames(to count: Int) {
        guard tasksInTable > count else { return }
        let stack = world.lua.stack
        for names in [state.pointee.task_names_ref, state.pointee.station_names_ref] {
            _ = stack.push(reference: names)
            for i in count..<tasksInTable {
                stack.pushNil()
                stack.setIndex(i + 1, in: -2)
            }
            stack.pop()
        }
        tasksInTable = count
    }

    /// Pushes the handle of the event being delivered. Stack: [] → [handle].
    @inline(__always)
    func pushCurrent() {
        sf_customer_push_current(L, state)
    }

    /// Calls the hooks in `refs` with `event`'s customer as their argument, in one C call.
    // Performance: the usual, unnested delivery passes plain values to one C call, saves nothing and
    // copies no customer (scripts/bench/hooks).
    @inline(__always)
    func deliver(_ event: borrowing CounterEvent, to refs: UnsafeBufferPointer<Int32>) throws {
        if refs.isEmpty { return }
        if state.pointee.current.generation != 0 { return try deliverNested(copy event, to: refs) }
        syncTaskNames(upTo: event.customer.task)
        let hasAttributes: Int32
        if event.customer.attributes != nil {
            attributes = event.customer.attributes
            hasAttributes = 1
        } else {
            hasAttributes = 0
        }
        let start = event.customer.serviceStart
        let teller = event.teller ?? event.customer.teller
        let status = sf_customer_deliver(L, memory, state, refs.baseAddress, Int32(refs.count),
                                         Int64(event.customer.number), Int64(event.customer.task), event.time,
                                         event.customer.arrivalTime, Int64(event.customer.priority),
                                         start == nil ? 0 : 1, start ?? 0, teller.map { Int64($0 + 1) } ?? 0, hasAttributes)
        try world.lua.stack.check(status: status)
    }

    /// Calls the hooks in `refs` with the core's light event as their argument, in one C call (the same
    /// delivery as a built ``CounterEvent``'s, read from plain values).
    @inline(__always)
    func deliver(_ event: CounterEventView, to refs: UnsafeBufferPointer<Int32>) throws {
        if refs.isEmpty { return }
        if state.pointee.current.generation != 0 { return try deliverNested(event, to: refs) }
        syncTaskNames(upTo: event.task)
        let hasAttributes: Int32
        if event.attributes != nil {
            attributes = event.attributes
            hasAttributes = 1
        } else {
            hasAttributes = 0
        }
        let started = !event.serviceStart.isNaN
        let status = sf_customer_deliver(L, memory, state, refs.baseAddress, Int32(refs.count),
                                         Int64(event.number), Int64(event.task), event.time, event.arrivalTime,
                                         Int64(event.priority), started ? 1 : 0, started ? event.serviceStart : 0,
                                         Int64(event.teller + 1), hasAttributes)
        // Performance: the usual success touches neither `world.lua` nor a stack (scripts/bench/hooks).
        if status != 0 { try world.lua.stack.check(status: status) }
    }

    /// A nested delivery of the core's light event: made a ``Customer`` once, as the rare path.
    func deliverNested(_ event: CounterEventView, to refs: UnsafeBufferPointer<Int32>) throws {
        let c = Customer(number: event.number, task: event.task, priority: event.priority, arrivalTime: event.arrivalTime,
                         serviceStart: event.serviceStart.isNaN ? nil : event.serviceStart,
                         teller: event.teller >= 0 ? event.teller : nil, attributes: event.attributes)
        let saved = enter(c, time: event.time, teller: c.teller)
        let status = sf_customer_call_hooks(L, memory, state, refs.baseAddress, Int32(refs.count))
        leave(saved)
        try world.lua.stack.check(status: status)
    }

    /// A delivery inside another (a hook made the counter move): the outer event is current again after.
    func deliverNested(_ event: CounterEvent, to refs: UnsafeBufferPointer<Int32>) throws {
        let saved = enter(event.customer, time: event.time, teller: event.teller)
        let status = sf_customer_call_hooks(L, memory, state, refs.baseAddress, Int32(refs.count))
        leave(saved)
        try world.lua.stack.check(status: status)
    }
}

extension World {
    /// The customer handle, made on first use.
    func makeCustomerHandle() -> CustomerHandle {
        if let handle = customerHandle { return handle }
        let handle = CustomerHandle(world: self)
        customerHandle = handle
        return handle
    }

    /// Pushes a fresh table describing `c` now (for `line:customers()`, `counter:waiting()` with
    /// `view` = `sf_customer_view_waiting()`, and `counter:serving()` with `sf_customer_view_serving()`),
    /// with the fields `shim_customer.h` defines for that view. Stack: [] → [table].
    func pushCustomerCopy(_ c: Customer, onto stack: LuaStack, view: Int32 = sf_customer_view_waiting()) {
        let L = stack.L
        if let t = c.teller { stack.push(simulation.poolName(ofTeller: t)) } else { stack.pushNil() }
        if let attributes = c.attributes { pushAttributes(attributes) } else { stack.pushNil() }
        pushTaskName(c.task)
        stack.push(stationName(simulation.station(ofTask: c.task)))
        var e = CustomerHandle.event(c, time: simulation.now, teller: nil)
        sf_customer_push_table(L, nil, &e, view, -4)
        stack.rotate(-5, by: 1)
        stack.pop(4)
    }

    /// Pushes a fresh table of a customer's attributes (keys in order). Stack: [] → [table].
    func pushAttributes(_ attributes: [String: AttributeValue]) {
        let stack = lua.stack
        stack.pushTable(record: attributes.count)
        for key in attributes.keys.sorted() {
            switch attributes[key]! {
            case .bool(let b): stack.push(b)
            case .int(let i): stack.push(i)
            case .double(let d): stack.push(d)
            case .string(let s): stack.push(s)
            }
            stack.setField(key, in: -2)
        }
    }
}
