import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// What a per-event hook call needs, held by the hook's closure so the hot path reads plain
/// fields (no dictionary or array of the world, no exclusivity checks): the state, its memory
/// bookkeeping, the function (an owning reference, and its slot for C), and the world's reused
/// argument tables (``CounterTables``).
final class HookCall {
    /// Read by the generator (its function may be swapped by a reload) and off the fast path.
    // Performance: unowned(unsafe), no unowned-to-strong retain per arrival (juice-bar benchmark). Safe: the
    // call lives in a closure of the world's simulation, and the world outlives every run of it.
    unowned(unsafe) let world: World
    /// The world's reused argument tables (task names, teller tables, `lines`).
    // Performance: a strong `let`, read through this guaranteed call without a retain; an unowned(unsafe) one cost
    // a retain/release pair per decision (+2 % instructions, bank-open policies=lua). No cycle: the tables hold
    // only Lua references.
    let tables: CounterTables
    /// Keeps `L` and `memory` valid for as long as the core can call this hook.
    let lua: LuaState
    let L: OpaquePointer
    let memory: LuaState.Memory
    /// The hook function (a policy: a new policy makes a new call), and its registry slot for the C fast path.
    let function: LuaReference
    let slot: Int32
    /// Other values the call passes by slot (a generator's rng, a batch's reused tables): held here so the
    /// closure the core keeps captures plain slot numbers.
    // Performance: the closure read each slot out of a captured reference per call (juice-bar benchmark).
    var arguments: [LuaReference] = []

    init(world: World, function: LuaReference) {
        self.world = world
        self.tables = world.tables
        self.lua = world.lua
        self.L = world.lua.L
        self.memory = world.lua.memory
        self.function = function
        self.slot = function.ref
    }
}
