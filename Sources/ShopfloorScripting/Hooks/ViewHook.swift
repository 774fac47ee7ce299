import LuaKit
import ShopfloorCore

/// What a scenario shows in the live view (`shopfloor run FILE --live`), built by its Lua view
/// function on every frame: labels, lists side by side, bars. Plain data; the CLI draws it.
public struct ViewFrame: Sendable, Equatable {
    public enum Color: String, Sendable, CaseIterable { case plain, red, green, yellow, blue, magenta, cyan, gray, bold }

    public struct Item: Sendable, Equatable {
        public var text: String
        public var color: Color
    }

    public enum Block: Sendable, Equatable {
        case label(Item)
        case list(title: String, items: [Item])
        case bar(label: String, value: Double, maximum: Double, note: String, color: Color)
    }

    public var blocks: [Block] = []
    public init() {}
}

/// A key the scenario binds in the live view (`shopfloor.key("a", "add 10 customers", fn)`).
public struct ViewKey: Sendable, Equatable {
    public var key: String
    public var description: String
}

/// A bound key and the function it runs (owned: dropping the binding releases it).
struct KeyBinding {
    var key: ViewKey
    let function: LuaReference
}

/// The scenario's live view as Lua set it up: the view function and the bound keys, owned. A value: a
/// snapshot copies it whole, and dropping the last copy releases the functions.
struct ViewBinding {
    var function: LuaReference?
    var keys: [KeyBinding] = []
}

extension World {
    /// Whether the scenario installed a view function.
    public var hasView: Bool { view.function != nil }
    /// The keys the scenario bound, in the order bound.
    public var viewKeys: [ViewKey] { view.keys.map(\.key) }

    func installViewFunctions(in module: Int32) {
        lua.setFunction("view", in: module, takes: 1) { [unowned self] call in
            try call.checkFunction(1)
            call.stack.pushCopy(of: 1)
            view.function = LuaReference(popping: lua)
            return 0
        }
        lua.setFunction("key", in: module, takes: 3) { [unowned self] call in
            let key = try call.string(1)
            guard key.count == 1, !["q", " ", "+", "-"].contains(key) else {
                throw ScriptingError.invalidScenario("key: '\(key)' must be one character other than q, space, + and - (the view's own keys)")
            }
            let description = try call.string(2)
            try call.checkFunction(3)
            call.stack.pushCopy(of: 3)
            let function = LuaReference(popping: lua)
            view.keys.removeAll { $0.key.key == key }
            view.keys.append(KeyBinding(key: ViewKey(key: key, description: description), function: function))
            return 0
        }
    }

    /// Runs the scenario's view function with a fresh builder and returns what it drew.
    /// The builder `v` offers `v:label(text [, color])`, `v:list(title, items)` (items are
    /// strings or `{ text =, color = }`), `v:bar(label, value, max [, note [, color]])`,
    /// and `v.clock`, `v.width`, `v.height` (the rows the view may fill), `v.finished` (the run is over).
    public func drawView(width: Int, height: Int = 24, clock: Double, finished: Bool = false) throws -> ViewFrame {
        guard let function = view.function else { return ViewFrame() }
        let frame = ViewFrameBox()
        let stack = lua.stack
        let base = stack.top
        defer { stack.setTop(base) }
        function.push()
        stack.pushTable(record: 8)
        let v = stack.top
        stack.push(width); stack.setField("width", in: v)
        stack.push(clock); stack.setField("clock", in: v)
        stack.push(height); stack.setField("height", in: v)
        stack.push(finished); stack.setField("finished", in: v)
        lua.setFunction("label", in: v, takes: 3) { call in
            frame.value.blocks.append(.label(.init(text: try call.string(2), color: try ViewFrameBox.color(call, 3))))
            return 0
        }
        lua.setFunction("list", in: v, takes: 3) { call in
            let title = try call.string(2)
            let table = try call.table(3)
            var items: [ViewFrame.Item] = []
            for (i, value) in table.array.enumerated() {
                switch value {
                case .string(let s): items.append(.init(text: s, color: .plain))
                case .table(let t):
                    // `{ text =, color = }`: a misspelt `colour =` or an unknown colour is refused, not drawn plain.
                    let item = try OptionTable(t, context: "list: item \(i + 1)", accepted: ["text", "color"], reporter: .throwing())
                    let color = try ViewFrameBox.color(named: try item.string("color"))
                    items.append(.init(text: t["text"]?.description ?? "", color: color))
                default: items.append(.init(text: value.description, color: .plain))
                }
            }
            frame.value.blocks.append(.list(title: title, items: items))
            return 0
        }
        lua.setFunction("bar", in: v, takes: 6) { call in
            frame.value.blocks.append(.bar(label: try call.string(2), value: try call.double(3), maximum: try call.double(4),
                                           note: try call.optionalString(5) ?? "", color: try ViewFrameBox.color(call, 6)))
            return 0
        }
        try lua.protectedCall(arguments: 1, results: 0)
        return frame.value
    }

    /// Runs the function bound to `key`; false when the key is not bound.
    public func pressKey(_ key: String) throws -> Bool {
        guard let binding = view.keys.first(where: { $0.key.key == key }) else { return false }
        binding.function.push()
        try lua.protectedCall(arguments: 0, results: 0)
        return true
    }
}

/// Collects a frame while the view function runs.
final class ViewFrameBox {
    var value = ViewFrame()

    static func color(_ call: LuaCall, _ index: Int) throws -> ViewFrame.Color {
        guard let name = try call.optionalString(index) else { return .plain }
        guard let color = ViewFrame.Color(rawValue: name) else { throw LuaArgumentError(index, unknownColor(name)) }
        return color
    }

    /// The colour called `name` (nil: plain), or an error listing the colours.
    static func color(named name: String?) throws -> ViewFrame.Color {
        guard let name else { return .plain }
        guard let color = ViewFrame.Color(rawValue: name) else { throw ScriptingError.invalidScenario(unknownColor(name)) }
        return color
    }

    static func unknownColor(_ name: String) -> String {
        UnknownName.message("colour", name, among: ViewFrame.Color.allCases.map(\.rawValue), label: "colours")
    }
}
