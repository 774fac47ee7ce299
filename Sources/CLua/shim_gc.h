/*
 * shim_gc.h: scripts' __gc finalizers run under the watchdog (included by shim.h, which it relies on:
 * sf_memory, sf_entry_enter/leave).
 *
 * Lua runs a finalizer wherever a collection step happens, with hooks disabled. Inside an entry the
 * watchdog ends a stuck one at twice the budget; at lua_close the close is an entry of its own
 * (sf_close_begin). But a step taken while the host itself allocates between entries (building a hook's
 * arguments) runs finalizers with no entry active: nothing watched them, and one that looped hung the
 * process. Stopping the collector outside entries would cost every entry a GC step; instead the
 * sandbox's setmetatable never lets Lua mark a script's table for finalization itself:
 *
 *   - setmetatable(t, mt) with a `__gc` field in mt installs mt with the field taken out for the call
 *     (so t is not marked) and ties to t a *token*: a table holding t whose metatable's __gc is
 *     sf_gc_token_finalize. tokens[t] = token in a table with weak keys (an ephemeron): the token lives
 *     as long as t does, and becomes garbage in the same cycle as t.
 *   - Lua finalizes the token instead of t, in the same order (tokens are marked when t would have
 *     been: finalizers run in reverse order of marking, manual §2.5.3). Its finalizer calls the __gc
 *     found in t's metatable *now* (Lua calls the one there at finalization time; none if it was
 *     removed), with t, resurrected through the token exactly as Lua resurrects t.
 *   - The call is watched: outside an entry the finalizer opens one of its own (finalizing = 1), which
 *     the watchdog ends, past the budget, like the close's (TimeBudget.swift); inside an entry
 *     (finalizing = 2) the entry's twice-the-budget rule holds. An error stays a warning (re-raised
 *     into Lua's finalizer call, which turns it into one), the memory cap holds during the call.
 *
 * Scripts without __gc pay one raw lookup per setmetatable call.
 */
#ifndef SHOPFLOOR_CLUA_SHIM_GC_H
#define SHOPFLOOR_CLUA_SHIM_GC_H

/** Called on the owner thread before a script's finalizer runs outside a close (the CLI flushes its
    output there, so that the watchdog ending the process for it loses nothing printed). */
static void (*sf_before_watched_finalizer)(void) = NULL;
static inline void sf_set_before_watched_finalizer(void (*fn)(void)) { sf_before_watched_finalizer = fn; }

/** Token slot 1: the object; slot 2: true once its finalizer ran (a resurrected object marked again
    by a new setmetatable gets a new token, as Lua marks it again). */
static inline int sf_gc_token_finalize(lua_State *L) {
    if (lua_rawgeti(L, 1, 1) != LUA_TTABLE) return 0;           /* [token, t] */
    lua_pushboolean(L, 1);
    lua_rawseti(L, 1, 2);
    if (!lua_getmetatable(L, 2)) return 0;                       /* raw: __metatable does not hide it */
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, -2) == LUA_TNIL) return 0;                 /* [token, t, mt, gc] */
    lua_pushvalue(L, 2);
    sf_memory *m = sf_memory_of(L);
    int saved_depth = m->host_depth, saved_finalizing = m->finalizing;
    int own_entry = m->guarded && m->entry_depth == 0 && !m->closing;
    if (!m->closing && sf_before_watched_finalizer) sf_before_watched_finalizer();
    m->host_depth = 0;                                           /* the memory cap holds */
    if (!m->closing) __atomic_store_n(&m->finalizing, own_entry ? 1 : 2, __ATOMIC_RELAXED);
    if (own_entry) sf_entry_enter(m);
    int status = lua_pcall(L, 1, 0, 0);
    if (own_entry) sf_entry_leave(m, L);
    __atomic_store_n(&m->finalizing, saved_finalizing, __ATOMIC_RELAXED);
    m->host_depth = saved_depth;
    if (status != LUA_OK) return lua_error(L);                   /* Lua warns: "error in __gc" */
    return 0;
}

/**
 * setmetatable as the sandbox installs it: lbaselib.c's luaB_setmetatable (the same checks and messages,
 * raised here so that they name 'setmetatable' and the caller's line), with the token for a `__gc`.
 * Upvalues: 1 the tokens table (weak keys), 2 the tokens' metatable.
 */
static inline int sf_gc_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    if (t != LUA_TTABLE) {
        lua_setmetatable(L, 1);
        return 1;
    }
    lua_pushliteral(L, "__gc");
    if (lua_rawget(L, 2) == LUA_TNIL) {                          /* [t, mt, nil] */
        lua_pop(L, 1);
        lua_setmetatable(L, 1);
        return 1;
    }
    lua_pushliteral(L, "__gc");                                  /* [t, mt, gc]: install mt without it */
    lua_pushnil(L);
    lua_rawset(L, 2);
    lua_pushvalue(L, 2);
    lua_setmetatable(L, 1);                                      /* t is not marked for finalization */
    lua_pushliteral(L, "__gc");
    lua_pushvalue(L, 3);
    lua_rawset(L, 2);
    lua_settop(L, 1);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TTABLE) {      /* a token not yet finalized: keep it */
        int done = lua_rawgeti(L, -1, 2) != LUA_TNIL;
        lua_pop(L, 2);
        if (!done) return 1;
    } else {
        lua_pop(L, 1);
    }
    lua_pushvalue(L, 1);                                         /* key t */
    lua_createtable(L, 2, 0);                                    /* the token */
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setmetatable(L, -2);                                     /* marked for finalization now */
    lua_rawset(L, lua_upvalueindex(1));
    return 1;
}

/** Replaces the global setmetatable with sf_gc_setmetatable. Host mode, at setup. */
static inline void sf_install_gc_tokens(lua_State *L) {
    lua_newtable(L);                                             /* tokens: weak keys */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_createtable(L, 0, 2);                                    /* the tokens' metatable */
    lua_pushcfunction(L, sf_gc_token_finalize);
    lua_setfield(L, -2, "__gc");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushcclosure(L, sf_gc_setmetatable, 2);
    lua_setglobal(L, "setmetatable");
}

static inline int sf_finalizing(sf_memory *m) { return __atomic_load_n(&m->finalizing, __ATOMIC_RELAXED); }

#endif
