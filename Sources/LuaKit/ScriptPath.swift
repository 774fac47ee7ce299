import ShopfloorText

/// Path arithmetic on plain strings for scenario, plugin and module paths: ``PlainPath`` (in
/// ShopfloorText, shared with the board), under the name LuaKit's callers know.
public typealias ScriptPath = PlainPath
