import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Event hooks, the whole path: `counter:on(kind, fn)` (that counter's customers) / `shopfloor.on(kind, fn)` (every
/// station's) (``World/addEventHook(event:functionAt:station:call:)``) → an owning reference in ``HookRefs/events`` → ``World/installObservers()`` gives the core one observer per
/// kind someone listens to → per event, ``World/emit(_:_:)`` (or the light `CounterEventView` path) → one C
/// call, `sf_customer_deliver`, calls every hook of the kind with the reused customer handle (CustomerHandle.swift).
///
/// Hot-path rule (DESIGN.md): a hook called per event receives a customer handle and returns nothing; nothing is
/// allocated per event unless the script asks for it.
extension World {
    /// Adds `fn` (at stack index `index`) as a listener of `event`: of counter `station`'s customers
    /// (`counter:on`), or of every station's (`shopfloor.on`, `station` nil). `close` and `end` are the
    /// world's whichever adds them: everyone has left, the run has stopped.
    func addEventHook(event: String, functionAt index: Int, station: Int?, call: LuaCall) throws {
        try call.checkFunction(index)
        let kinds = CounterEventKind.allCases.map(\.rawValue) + ["close", "end"]
        guard kinds.contains(event) else {
            throw ScriptingError.invalidScenario(UnknownName.message("event", event, among: kinds, label: "events"))
        }
        if event == "end" { return addEndHook(functionAt: index, call: call) }
        call.stack.pushCopy(of: Int32(index))
        let hook = LuaReference(popping: lua)
        if event == "close" {
            hooks.close.append(hook)
        } else {
            hooks.events.append(hook, to: CounterEventKind(rawValue: event)!, station: station ?? EventHookLists.everyStation)
        }
        installObservers()
    }

    /// (Re)installs the core's observers: only the kinds someone listens to cost anything.
    func installObservers() {
        var observers = simulation.observers
        let listening = !eventSinks.isEmpty
        // Performance: the closures hold the world and the handle unretained (Unmanaged, used as guaranteed
        // references) — no retain, release or exclusivity check per event (scripts/bench/hooks). Safe: the
        // observers live in the world's simulation, which the world outlives, and the world holds the handle.
        let handle = hooks.events.isEmpty ? customerHandle : makeCustomerHandle()
        for kind in CounterEventKind.allCases {
            let wanted = listening || !hooks.events.isEmpty(kind)
            let observer: ((CounterEvent) throws -> Void)?
            if !wanted {
                observer = nil
            } else if let handle {
                let world = Unmanaged.passUnretained(self), handle = Unmanaged.passUnretained(handle)
                observer = { event in
                    try world._withUnsafeGuaranteedRef { world in
                        try handle._withUnsafeGuaranteedRef { handle in try world.emit(event, handle) }
                    }
                }
            } else {
                observer = { [unowned(unsafe) self] event in try self.emit(event, nil) }
            }
            // Without a trace or live view, start and finish take the core's light form: no `Customer` or
            // `CounterEvent` built per event (scripts/bench/hooks).
            var view: ((CounterEventView) throws -> Void)?
            if wanted, !listening, let handle, kind == .start || kind == .finish {
                let world = Unmanaged.passUnretained(self), handle = Unmanaged.passUnretained(handle)
                view = { event in
                    try world._withUnsafeGuaranteedRef { world in
                        try handle._withUnsafeGuaranteedRef { handle in
                            if var only = world.hooks.events.only(of: kind) {
                                try withUnsafePointer(to: &only) { try handle.deliver(event, to: UnsafeBufferPointer(start: $0, count: 1)) }
                            } else {
                                try world.hooks.events.withRefs(of: kind, task: event.task, in: world.simulation) { refs in
                                    try handle.deliver(event, to: refs)
                                }
                            }
                        }
                    }
                }
            }
            switch kind {
            case .arrive: observers.onArrive = observer
            case .start: observers.onStart = view == nil ? observer : nil; observers.onStartView = view
            case .finish: observers.onFinish = view == nil ? observer : nil; observers.onFinishView = view
            case .balk: observers.onBalk = observer
            case .renege: observers.onRenege = observer
            case .fail: observers.onFail = observer
            }
        }
        observers.onClose = hooks.close.isEmpty ? nil : { [unowned self] _ in try self.emitClose() }
        simulation.observers = observers
    }

    /// Delivers one event: to the host's sinks (traces, live views), then to the scenario's hooks of its
    /// kind, all in one C call with the customer handle as their argument.
    @inline(__always)
    func emit(_ event: CounterEvent, _ handle: CustomerHandle?) throws {
        if !eventSinks.isEmpty { for sink in eventSinks { try sink(event, self) } }
        guard let handle else { return }
        try hooks.events.withRefs(of: event.kind, task: event.customer.task, in: simulation) { refs in
            try handle.deliver(event, to: refs)
        }
    }

}
