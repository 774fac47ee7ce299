/*
 * shim_stock.h: per-order fast paths for the juice bar's stock rules (included by shopfloor_hooks.h after
 * CLua's shim.h, which it relies on: sf_memory, sf_entry_enter/leave, sf_traceback_handler).
 *
 * Performance: one C call per rule call instead of four pushes, a Swift-side pcall (with a stack
 * rotation) and three type checks from Swift; measured with the juice-bar benchmark
 * (scripts/bench/juice-bar). Called from ShopfloorScripting/Module/StockBinding.swift.
 */
#ifndef SHOPFLOOR_CLUA_SHIM_STOCK_H
#define SHOPFLOOR_CLUA_SHIM_STOCK_H
/** What a stock rule answered, read by sf_call_rule. */
#define SF_RULE_NOTHING 0   /* result 1 nil (or none): no restock */
#define SF_RULE_ORDER 1     /* result 1 an integer-valued number, result 2 a number */
#define SF_RULE_OTHER 2     /* anything else: the caller decodes the results from the stack */

/**
 * A stock rule call: fn(fruit, count, pending) → [amount, lead_time], with the fruit name from
 * registry slot `name`. As sf_call_refs with 2 results, then reads the plain answers without
 * further calls: *kind is one of SF_RULE_*; for SF_RULE_ORDER, *amount and *lead hold them.
 * Stack: [] → [handler, 2 results] on LUA_OK, or [handler, error message]; returns the status.
 */
static inline int sf_call_rule(lua_State *L, sf_memory *m, int fn, int name, lua_Integer count,
                               lua_Integer pending, int *kind, lua_Integer *amount, lua_Number *lead) {
    int base = lua_gettop(L) + 1;
    lua_pushcfunction(L, sf_traceback_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
    lua_rawgeti(L, LUA_REGISTRYINDEX, name);
    lua_pushinteger(L, count);
    lua_pushinteger(L, pending);
    int status = sf_entry_pcall(L, m, 3, 2, base);
    if (status != LUA_OK) return status;
    *kind = SF_RULE_OTHER;
    if (lua_type(L, -2) <= LUA_TNIL) {
        *kind = SF_RULE_NOTHING;
    } else if (lua_type(L, -2) == LUA_TNUMBER && lua_type(L, -1) == LUA_TNUMBER) {
        int isint = 0;
        lua_Integer a = lua_tointegerx(L, -2, &isint);
        if (isint) {
            *amount = a;
            *lead = lua_tonumberx(L, -1, NULL);
            *kind = SF_RULE_ORDER;
        }
    }
    return LUA_OK;
}
static inline int sf_rule_nothing(void) { return SF_RULE_NOTHING; }
static inline int sf_rule_order(void) { return SF_RULE_ORDER; }

#endif
