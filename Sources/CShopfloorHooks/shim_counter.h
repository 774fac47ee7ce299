/*
 * shim_counter.h: per-event fast paths for the counter's scenario hooks (included by shopfloor_hooks.h
 * after CLua's shim.h, which it relies on: sf_memory, sf_entry_pcall, sf_traceback_handler). Called from
 * ShopfloorScripting/Module/HookCall.swift, World+Batches.swift and LineBinding.swift.
 *
 * Performance: one C call per hook call instead of several API calls from Swift; measured with the
 * bank-open benchmark, policies=lua (scripts/bench/bank-open).
 */
#ifndef SHOPFLOOR_CLUA_SHIM_COUNTER_H
#define SHOPFLOOR_CLUA_SHIM_COUNTER_H

/**
 * Calls the function in registry slot `fn` with the values in registry slots `a` (if > 0) and `b`
 * (if > 0), protected, with the traceback handler, as sf_pcall_m does (memory cap and time-budget
 * entry). The handler stays below the results (no stack rotation): the caller resets the top.
 * Stack: [] → [handler, nresults results] on LUA_OK, or [handler, error message with traceback];
 * returns the status.
 */
static inline int sf_call_refs(lua_State *L, sf_memory *m, int fn, int a, int b, int nresults) {
    int base = lua_gettop(L) + 1;
    lua_pushcfunction(L, sf_traceback_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
    int nargs = 0;
    if (a > 0) { lua_rawgeti(L, LUA_REGISTRYINDEX, a); nargs++; }
    if (b > 0) { lua_rawgeti(L, LUA_REGISTRYINDEX, b); nargs++; }
    int status = sf_entry_pcall(L, m, nargs, nresults, base);
    return status;
}

/**
 * A customer generator call: fn(arg) → gap, task[, attrs]. As sf_call_refs with 3 results, then
 * reads the plain case without further calls: *gap (when result 1 is a number: *gap_ok = 1) and
 * *task (result 2 looked up raw in the table in registry slot `names`, task name → index; -1 when
 * result 2 is not a string or not a key there); *has_table = 1 when result 3 is a table.
 * Stack: [] → [handler, 3 results] on LUA_OK (left for the caller's general decoding), or
 * [handler, error].
 */
static inline int sf_call_generator(lua_State *L, sf_memory *m, int fn, int arg, int names,
                                    lua_Number *gap, int *gap_ok, lua_Integer *task, int *has_table) {
    int status = sf_call_refs(L, m, fn, arg, 0, 3);
    if (status != LUA_OK) return status;
    *gap_ok = lua_type(L, -3) == LUA_TNUMBER;
    *gap = *gap_ok ? lua_tonumberx(L, -3, NULL) : 0;
    *task = -1;
    if (lua_type(L, -2) == LUA_TSTRING) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, names);
        lua_pushvalue(L, -3);
        if (lua_rawget(L, -2) == LUA_TNUMBER) {
            int isint = 0;
            lua_Integer i = lua_tointegerx(L, -1, &isint);
            if (isint) *task = i;
        }
        lua_pop(L, 2);
    }
    *has_table = lua_type(L, -1) == LUA_TTABLE;
    return LUA_OK;
}

/** What was wrong in a batch generator's answer (sf_call_generator_batch's *bad_kind). */
#define SF_BATCH_OK 0
#define SF_BATCH_BAD_COUNT 1  /* the result is not an integer 0..n (it is left on the stack) */
#define SF_BATCH_BAD_GAP 2    /* gaps[*bad_index] is not a number (pushed) */
#define SF_BATCH_BAD_TASK 3   /* tasks[*bad_index] is not a task name (pushed) */

/**
 * A batch generator call: fn(arg, gaps, tasks, n) → count, with the tables in registry slots `gaps`
 * and `tasks` (reused, filled by fn). As sf_call_refs with 1 result, then reads the first `count`
 * entries of both tables raw into gap_out/task_out (task names looked up raw in the table in slot
 * `names`); on a bad entry it stops with *bad_kind (SF_BATCH_*) and *bad_index set and the offending
 * value on top. Stack: [] → [handler, count, …] on LUA_OK (the caller resets the top), or [handler,
 * error]. Performance: one host→Lua crossing per batch instead of per arrival (bank-open policies=lua,
 * scripts/bench/bank-open).
 */
/** How many task names sf_call_generator_batch recognises by address before looking them up. */
#define SF_NAME_POINTERS 16
static inline int sf_name_pointers(void) { return SF_NAME_POINTERS; }

/**
 * Fills out[i] (i < SF_NAME_POINTERS) with the address of the text of the string key whose value is the
 * integer i in the table at `index` (task name → index). Those strings live as long as the table keeps
 * them, and short strings are interned: an equal short string anywhere has the same address. Stack unchanged.
 */
static inline void sf_fill_name_pointers(lua_State *L, int index, const char **out) {
    index = lua_absindex(L, index);
    for (int i = 0; i < SF_NAME_POINTERS; i++) out[i] = NULL;
    lua_pushnil(L);
    while (lua_next(L, index) != 0) {
        int isint = 0;
        lua_Integer v = lua_tointegerx(L, -1, &isint);
        if (isint && v >= 0 && v < SF_NAME_POINTERS && lua_type(L, -2) == LUA_TSTRING) out[v] = lua_tostring(L, -2);
        lua_pop(L, 1);
    }
}

static inline int sf_call_generator_batch(lua_State *L, sf_memory *m, int fn, int arg, int gaps, int tasks,
                                          lua_Integer n, int names, const char *const *name_ptrs,
                                          lua_Number *gap_out, int *task_out,
                                          lua_Integer *count, int *bad_kind, lua_Integer *bad_index) {
    int base = lua_gettop(L) + 1;
    lua_pushcfunction(L, sf_traceback_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn);
    lua_rawgeti(L, LUA_REGISTRYINDEX, arg);
    lua_rawgeti(L, LUA_REGISTRYINDEX, gaps);
    lua_rawgeti(L, LUA_REGISTRYINDEX, tasks);
    lua_pushinteger(L, n);
    int status = sf_entry_pcall(L, m, 4, 1, base);
    if (status != LUA_OK) return status;
    *bad_kind = SF_BATCH_OK;
    *count = 0;
    int isint = 0;
    lua_Integer k = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isint) : 0;
    if (!isint || k < 0 || k > n) { *bad_kind = SF_BATCH_BAD_COUNT; return LUA_OK; }
    lua_rawgeti(L, LUA_REGISTRYINDEX, gaps);
    lua_rawgeti(L, LUA_REGISTRYINDEX, tasks);
    lua_rawgeti(L, LUA_REGISTRYINDEX, names);
    int g = base + 2, t = base + 3, nm = base + 4, top = base + 4;
    for (lua_Integer i = 1; i <= k; i++) {
        if (lua_rawgeti(L, g, i) != LUA_TNUMBER) { *bad_kind = SF_BATCH_BAD_GAP; *bad_index = i; return LUA_OK; }
        gap_out[i - 1] = lua_tonumberx(L, -1, NULL);
        if (lua_rawgeti(L, t, i) != LUA_TSTRING) { *bad_kind = SF_BATCH_BAD_TASK; *bad_index = i; return LUA_OK; }
        /* A known short name is recognised by its address (interned); anything else is looked up. */
        const char *text = lua_tostring(L, -1);
        int task = -1;
        for (int j = 0; j < SF_NAME_POINTERS; j++) {
            if (name_ptrs[j] == text) { task = j; break; }
        }
        if (task < 0) {
            lua_pushvalue(L, -1);
            if (lua_rawget(L, nm) != LUA_TNUMBER) {
                lua_pop(L, 1);
                *bad_kind = SF_BATCH_BAD_TASK; *bad_index = i;
                return LUA_OK;
            }
            task = (int)lua_tointegerx(L, -1, NULL);
        }
        task_out[i - 1] = task;
        lua_settop(L, top);
    }
    *count = k;
    return LUA_OK;
}
static inline int sf_batch_bad_count(void) { return SF_BATCH_BAD_COUNT; }
static inline int sf_batch_bad_gap(void) { return SF_BATCH_BAD_GAP; }

/** A waiting line's userdata: an sf_object_box (so sf_test_object and sf_object_gc work on it)
    plus the address of the line's length, which the core keeps current (see sf_line_len). */
#define SF_LINE_MAGIC 0x4c696e65u
typedef struct sf_line_box {
    sf_object_box object;
    const lua_Integer *length;
    unsigned int magic;
} sf_line_box;

/** As sf_push_object, for a line whose length lives at `length` (valid as long as `object` lives). */
static inline void sf_push_line(lua_State *L, void *object, sf_release_function release, const char *tname,
                                const lua_Integer *length) {
    sf_line_box *box = (sf_line_box *)lua_newuserdatauv(L, sizeof(sf_line_box), 0);
    box->object.object = object;
    box->object.release = release;
    box->length = length;
    box->magic = SF_LINE_MAGIC;
    luaL_setmetatable(L, tname);
}

/** `#line`: a plain C read of the length the core keeps, no call into Swift. */
static inline int sf_line_len(lua_State *L) {
    /* lua_touserdata is NULL for anything but userdata; a light userdata's rawlen is 0. */
    sf_line_box *box = (sf_line_box *)lua_touserdata(L, 1);
    if (box == NULL || lua_rawlen(L, 1) != sizeof(sf_line_box) ||
        box->magic != SF_LINE_MAGIC || box->length == NULL) {
        return luaL_typeerror(L, 1, "shopfloor.line");
    }
    lua_pushinteger(L, *box->length);
    return 1;
}
static inline lua_CFunction sf_line_len_function(void) { return sf_line_len; }

/* The customer handle of event hooks, and the one definition of a customer's fields. */
#include "shim_customer.h"

#endif
