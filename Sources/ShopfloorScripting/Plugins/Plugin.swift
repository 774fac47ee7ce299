import LuaKit

/// A named, swappable policy: registered by a Lua file on the plugin path with `shopfloor.plugin`.
///
/// ```lua
/// shopfloor.plugin {
///   kind = "teller_policy", name = "cross_training",
///   description = "Idle tellers help other skills' lines",
///   params = { help_after = { default = 0, min = 0, description = "seconds a customer waits before others help" } },
///   build = function(params) return function(teller, lines) … end end,
/// }
/// ```
public struct Plugin: Sendable {
    public var kind: PluginKind
    public var name: String
    public var description: String
    /// Parameters the plugin declares (reachable with `--set`).
    public var parameters: [Parameter]
    /// The file that registered it, and the line of the `shopfloor.plugin` call.
    public var file: String
    public var line: Int

    /// `kind/name`, as listings and messages write it.
    public var qualifiedName: String { "\(kind.rawValue)/\(name)" }
}
