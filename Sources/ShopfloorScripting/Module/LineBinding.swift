import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// A waiting line as Lua sees it in teller policies and at the prompt: `#line`, `line:head()`,
/// `line:customers()`, `line.name`, `line.length`.
final class LineHandle {
    unowned let world: World
    let index: Int
    /// Keeps the memory of the core's published length (read by the C `__len`) alive.
    let lengthOwner: AnyObject?
    let lengthAddress: UnsafePointer<Int>?
    init(world: World, index: Int) {
        self.world = world
        self.index = index
        let published = world.simulation.lengthAddress(ofLine: index)
        self.lengthOwner = published?.owner
        self.lengthAddress = published?.address
    }
    var length: Int { world.simulation.length(ofLine: index) }
    /// The line's task name; nil when a rolled-back command had added the task (a global may keep the object).
    var name: String? {
        let tasks = world.simulation.tasks
        return tasks.indices.contains(index) ? tasks[index].name : nil
    }
}

/// Releases the retained Swift object of a line userdata (its `__gc`, through `sf_object_gc`).
private let releaseLineObject: @convention(c) (UnsafeMutableRawPointer?) -> Void = { object in
    Unmanaged<AnyObject>.fromOpaque(object!).release()
}

enum LineBinding {
    static let luaClass = LuaClass<LineHandle>(name: "shopfloor.line")

    static func define(in state: LuaState) {
        let cls = luaClass
        luaClass.define(in: state, methods: [
            // line:head() → the number of the customer served next, or nil
            "head": .takes(1) { call in
                let line = try call.object(1, as: cls)
                if let c = line.world.simulation.head(ofLine: line.index) { return call.returning(c.number) }
                call.stack.pushNil()
                return 1
            },
            // line:first() → the customer served next, as a table {number=, arrival=, priority=, waited=, attrs=}, or nil
            "first": .takes(1) { call in
                let line = try call.object(1, as: cls)
                guard let c = line.world.simulation.head(ofLine: line.index) else {
                    call.stack.pushNil()
                    return 1
                }
                line.world.pushCustomerCopy(c, onto: call.stack)
                return 1
            },
            // line:customers() → { {number=, arrival=, priority=, wait=, attrs=}, … } in serving order
            "customers": .takes(1) { call in
                let line = try call.object(1, as: cls)
                let world = line.world
                let waiting = world.simulation.waiting(inLine: line.index)
                call.stack.pushTable(array: waiting.count)
                for (i, c) in waiting.enumerated() {
                    world.pushCustomerCopy(c, onto: call.stack)
                    call.stack.setIndex(i + 1, in: -2)
                }
                return 1
            },
        ], tostring: { line in
            guard let name = line.name else { return "line (its task was rolled back)" }
            return "line \(name): \(line.length) waiting"
        }, index: { line, key in
            switch key {
            case "name": return line.name.map(LuaValue.string) ?? .nil
            case "length": return .integer(line.length)
            default: return nil
            }
        })
        // Performance: `#line` is a C function reading the length the core publishes (no Lua→Swift
        // call per `#`); bank-open policies=lua, scripts/bench/bank-open.
        let stack = state.stack
        stack.pushRegistryField(cls.name)
        stack.push(cFunction: sf_line_len_function())
        stack.setField("__len", in: -2)
        stack.pop()
    }

    /// Pushes a line object: userdata of ``luaClass`` that also carries the address of the line's
    /// published length (for the C `__len`). Stack: [] → [userdata].
    static func push(_ line: LineHandle, onto stack: LuaStack) {
        let raw = Unmanaged<AnyObject>.passRetained(line as AnyObject).toOpaque()
        let address = line.lengthAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: Int64.self) }
        sf_push_line(stack.L, raw, releaseLineObject, luaClass.name, address)
    }
}
