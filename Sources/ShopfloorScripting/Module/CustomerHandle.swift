import CLua
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
    unowned(unsafe) let world: World
    let L: OpaquePointer
    let memory: UnsafeMutablePointer<sf_memory>
    /// What the C side cannot read from the struct, for the event being delivered.
    @exclusivity(unchecked) var attributes: [String: AttributeValue]?
    @exclusivity(unchecked) var teller: Int?

    /// What a delivery replaces, put back when it ends.
    struct Saved {
        let event: sf_customer_event
        let attributes: [String: AttributeValue]?
        let teller: Int?
    }

    init(world: World) {
        self.world = world
        self.L = world.lua.L
        self.memory = sf_memory_of(world.lua.L)
        // The slow fields: pool (a name) and attrs (a fresh table, cached by C for the event).
        world.lua.stack.push(function: { [unowned world] call in
            guard let handle = world.customerHandle else { return 0 }
            switch try call.string(1) {
            case "pool":
                guard let t = handle.teller else { return 0 }
                call.stack.push(world.simulation.pools[world.simulation.teller(t).pool].name)
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
        let saved = Saved(event: state.pointee.current, attributes: attributes, teller: self.teller)
        let tellerIndex = teller ?? c.teller
        if world.taskNameRefs.count <= c.task { world.syncTaskNames() }
        state.pointee.current.number = lua_Integer(c.number)
        state.pointee.current.task_name_ref = world.taskNameRefs[c.task]
        state.pointee.current.time = time
        state.pointee.current.arrival = c.arrivalTime
        state.pointee.current.priority = lua_Integer(c.priority)
        if let start = c.serviceStart {
            state.pointee.current.started = 1
            state.pointee.current.service_start = start
        } else {
            state.pointee.current.started = 0
        }
        state.pointee.current.teller = tellerIndex.map { lua_Integer($0 + 1) } ?? 0
        state.pointee.current.has_attrs = c.attributes == nil ? 0 : 1
        if saved.attributes != nil || c.attributes != nil { attributes = c.attributes }
        self.teller = tellerIndex
        _ = sf_customer_begin(state)
        return saved
    }

    /// Ends a delivery: the handle given to the hooks expires; an outer delivery is current again.
    @inline(__always)
    func leave(_ saved: Saved) {
        state.pointee.current = saved.event
        if attributes != nil || saved.attributes != nil { attributes = saved.attributes }
        teller = saved.teller
    }

    /// Pushes the handle of the event being delivered. Stack: [] → [handle].
    @inline(__always)
    func pushCurrent() {
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(bitPattern: UInt(state.pointee.current.generation)))
    }

    /// Calls the hooks in `refs` with `c` as their argument, in one C call.
    @inline(__always)
    func deliver(_ c: Customer, time: Double, teller: Int?, to refs: [Int32]) throws {
        let saved = enter(c, time: time, teller: teller)
        let status = refs.withUnsafeBufferPointer { sf_customer_call_hooks(L, memory, state, $0.baseAddress, Int32($0.count)) }
        leave(saved)
        if status != LUA_OK { throw world.lua.poppedError(status: status) }
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
        if let t = c.teller { stack.push(simulation.pools[simulation.teller(t).pool].name) } else { stack.pushNil() }
        if let attributes = c.attributes { pushAttributes(attributes) } else { stack.pushNil() }
        syncTaskNames()
        var e = sf_customer_event()
        e.number = lua_Integer(c.number)
        e.task_name_ref = taskNameRefs[c.task]
        e.time = simulation.now
        e.arrival = c.arrivalTime
        e.priority = lua_Integer(c.priority)
        if let start = c.serviceStart { e.started = 1; e.service_start = start }
        e.teller = c.teller.map { lua_Integer($0 + 1) } ?? 0
        e.has_attrs = c.attributes == nil ? 0 : 1
        sf_customer_push_table(L, nil, &e, view, -2)
        sf_insert(L, -3)
        sf_pop(L, 2)
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
