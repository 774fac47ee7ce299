/*
 * shim_customer.h: the customer as Lua sees it — the one definition of a customer's fields, the handle
 * event hooks receive, and the per-event call loop (included by shim_counter.h, in CShopfloorHooks). Used by
 * ShopfloorScripting/Module/CustomerHandle.swift.
 *
 * The handle is a light userdata whose value is the number (generation) of the event it describes;
 * every light userdata shares one metatable, whose __index reads the event the world is delivering
 * from a plain C struct (sf_customer_event) the world fills with stores. No table is filled and
 * nothing is allocated per event; a handle kept after its hook returned no longer matches the
 * current generation and raises an error instead of describing another customer.
 *
 * Performance: an empty on("finish") hook went from ~850 ns to the cost of one pcall per event
 * (scripts/bench/hooks, docs/performance.md).
 */
#ifndef SHOPFLOOR_CLUA_SHIM_CUSTOMER_H
#define SHOPFLOOR_CLUA_SHIM_CUSTOMER_H

#include <stdint.h>

/** A customer's fields, in the documented order. */
enum {
    SF_CF_NUMBER, SF_CF_TASK, SF_CF_STATION, SF_CF_TIME, SF_CF_ARRIVAL, SF_CF_WAITED, SF_CF_WAIT, SF_CF_TELLER,
    SF_CF_POOL, SF_CF_PRIORITY, SF_CF_STARTED, SF_CF_ATTRS, SF_CF_COUNT
};
static const char *const sf_customer_field_names[SF_CF_COUNT] = {
    "number", "task", "station", "time", "arrival", "waited", "wait", "teller", "pool", "priority", "started", "attrs"
};

/** Which fields each view of a customer has, in order (-1 ends a list). */
#define SF_CUSTOMER_EVENT 0    /* an event hook's or a service-time hook's customer (the handle, c:copy()) */
#define SF_CUSTOMER_WAITING 1  /* line:first(), line:customers(), counter:waiting() */
#define SF_CUSTOMER_SERVING 2  /* counter:serving() */
static const int sf_customer_views[3][SF_CF_COUNT + 1] = {
    { SF_CF_NUMBER, SF_CF_TASK, SF_CF_STATION, SF_CF_TIME, SF_CF_ARRIVAL, SF_CF_WAITED, SF_CF_WAIT, SF_CF_TELLER,
      SF_CF_POOL, SF_CF_PRIORITY, SF_CF_ATTRS, -1 },
    { SF_CF_NUMBER, SF_CF_TASK, SF_CF_STATION, SF_CF_ARRIVAL, SF_CF_WAITED, SF_CF_PRIORITY, SF_CF_ATTRS, -1 },
    { SF_CF_NUMBER, SF_CF_TASK, SF_CF_STATION, SF_CF_ARRIVAL, SF_CF_WAITED, SF_CF_PRIORITY, SF_CF_ATTRS, SF_CF_TELLER, SF_CF_POOL,
      SF_CF_STARTED, -1 },
};

/** One customer at one moment, as the world fills it (plain stores). */
typedef struct sf_customer_event {
    unsigned long long generation;  /* the handle value of this event; 0 = no event being delivered */
    lua_Integer number;
    lua_Integer task;               /* the task's index (0-based): its name is entry task + 1 of the names table */
    int started;                    /* 1 once service started: service_start is set */
    lua_Number time;                /* the moment described (the event's time, or now) */
    lua_Number arrival;
    lua_Number service_start;
    lua_Integer priority;
    lua_Integer teller;             /* 1-based; 0 = none */
    int has_attrs;                  /* 1 when the customer has attributes (built on demand) */
} sf_customer_event;

/** The handle's state: a full userdata owned by the Lua state (so it lives exactly as long). */
typedef struct sf_customer_state {
    sf_customer_event current;
    unsigned long long next_generation;
    int slow_ref;                   /* registry slot of the host's fn(field name) → pool name or attrs table */
    int attrs_ref;                  /* registry slot of the attrs table built for attrs_generation */
    int task_names_ref;             /* registry slot of the table task index + 1 → task name (kept by the host) */
    int station_names_ref;          /* registry slot of the table task index + 1 → its station's name (the same) */
    const char *interned[SF_CF_COUNT + 1];  /* the field names and "copy" as Lua strings (kept alive in the
                                               registry): a short key is matched by its address */
    unsigned long long attrs_generation;
} sf_customer_state;

/** The field index of a key, or -1. */
static inline int sf_customer_field(const char *key) {
    for (int i = 0; i < SF_CF_COUNT; i++) {
        if (strcmp(key, sf_customer_field_names[i]) == 0) return i;
    }
    return -1;
}

/**
 * Pushes field `f` of `e` and returns 1, or pushes nothing and returns 0 when it has no value (nil).
 * `extras`: in host mode (> 0) the stack index of [pool name or nil, attrs table or nil, task name,
 * station name] the host pushed; 0 in Lua mode, where pool and attrs come from the host function in `s->slow_ref` (it may
 * raise: only from inside Lua, i.e. a metamethod or c:copy()).
 */
static inline int sf_customer_push_field(lua_State *L, sf_customer_state *s, const sf_customer_event *e, int f, int extras) {
    switch (f) {
    case SF_CF_NUMBER: lua_pushinteger(L, e->number); return 1;
    case SF_CF_TASK:
    case SF_CF_STATION:
        /* By task index, from the host's names tables (host mode: the names it pushed). */
        if (extras > 0) { lua_pushvalue(L, extras + (f == SF_CF_TASK ? 2 : 3)); return 1; }
        lua_rawgeti(L, LUA_REGISTRYINDEX, f == SF_CF_TASK ? s->task_names_ref : s->station_names_ref);
        lua_rawgeti(L, -1, e->task + 1);
        lua_remove(L, -2);
        return 1;
    case SF_CF_TIME: lua_pushnumber(L, e->time); return 1;
    case SF_CF_ARRIVAL: lua_pushnumber(L, e->arrival); return 1;
    /* waited: until service started, or so far (the one definition; `wait` is the hooks' older name,
       nil until service starts, as it always was). */
    case SF_CF_WAITED: lua_pushnumber(L, (e->started ? e->service_start : e->time) - e->arrival); return 1;
    case SF_CF_WAIT:
        if (!e->started) return 0;
        lua_pushnumber(L, e->service_start - e->arrival); return 1;
    case SF_CF_STARTED:
        if (!e->started) return 0;
        lua_pushnumber(L, e->service_start); return 1;
    case SF_CF_PRIORITY: lua_pushinteger(L, e->priority); return 1;
    case SF_CF_TELLER:
        if (e->teller <= 0) return 0;
        lua_pushinteger(L, e->teller); return 1;
    case SF_CF_POOL:
    case SF_CF_ATTRS:
        if (f == SF_CF_POOL ? e->teller <= 0 : !e->has_attrs) return 0;
        if (extras > 0) {
            lua_pushvalue(L, extras + (f == SF_CF_POOL ? 0 : 1));
        } else if (f == SF_CF_ATTRS && e->generation != 0 && s->attrs_generation == e->generation) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, s->attrs_ref);  /* one attrs table per event, built once */
        } else {
            lua_rawgeti(L, LUA_REGISTRYINDEX, s->slow_ref);
            lua_pushstring(L, sf_customer_field_names[f]);
            lua_call(L, 1, 1);
            if (f == SF_CF_ATTRS && e->generation != 0) {
                lua_pushvalue(L, -1);
                lua_rawseti(L, LUA_REGISTRYINDEX, s->attrs_ref);
                s->attrs_generation = e->generation;
            }
        }
        if (lua_type(L, -1) == LUA_TNIL) { lua_pop(L, 1); return 0; }
        return 1;
    default: return 0;
    }
}

/** Sets the fields of `view` of `e` in the table at `t`. Stack unchanged. */
static inline void sf_customer_fill(lua_State *L, sf_customer_state *s, const sf_customer_event *e, int view, int t, int extras) {
    t = lua_absindex(L, t);
    for (const int *f = sf_customer_views[view]; *f >= 0; f++) {
        if (sf_customer_push_field(L, s, e, *f, extras)) lua_setfield(L, t, sf_customer_field_names[*f]);
    }
}

/**
 * Host mode: a fresh table of `view` of `e`, with the pool name, attrs table, task name and station name
 * the host pushed at `extras` … `extras + 3` (pool and attrs may be nil).
 * Stack: [… pool, attrs, task, station] → [… pool, attrs, task, station, table].
 */
static inline void sf_customer_push_table(lua_State *L, sf_customer_state *s, const sf_customer_event *e, int view, int extras) {
    extras = lua_absindex(L, extras);
    lua_createtable(L, 0, 11);
    sf_customer_fill(L, s, e, view, -1, extras);
}

/** The state behind a metamethod (upvalue 1), and the current event if the handle at 1 is its handle. */
static inline sf_customer_event *sf_customer_checked(lua_State *L, const char *what) {
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, lua_upvalueindex(1));
    uintptr_t g = (uintptr_t)lua_touserdata(L, 1);
    if (lua_type(L, 1) != LUA_TLIGHTUSERDATA || g == 0) {
        luaL_error(L, "attempt to %s a light userdata value", what);
        return NULL;
    }
    if (s->current.generation != (unsigned long long)g) {
        luaL_error(L, "customer handle used after its hook returned (it describes one event only: "
                      "copy what you need while the hook runs, e.g. local kept = c:copy())");
        return NULL;
    }
    return &s->current;
}

/** c:copy() → a plain table of the event's fields (keep it as long as you like). */
static inline int sf_customer_copy(lua_State *L) {
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, lua_upvalueindex(1));
    sf_customer_event *e = sf_customer_checked(L, "copy");
    sf_customer_event snapshot = *e;  /* the host function (attrs) must not see a moving target */
    lua_createtable(L, 0, 11);
    sf_customer_fill(L, s, &snapshot, SF_CUSTOMER_EVENT, -1, 0);
    return 1;
}

/**
 * __index(handle, key): the current event's field, `copy`, or nil for any other key.
 * Performance: short strings are interned, so a field name is found by its address (no strcmp per
 * read; scripts/bench/hooks, hook=read); any other key falls back to comparing text.
 */
static inline int sf_customer_index(lua_State *L) {
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, lua_upvalueindex(1));
    /* Only light userdata reach this metatable: no type test before comparing the generation. */
    uintptr_t g = (uintptr_t)lua_touserdata(L, 1);
    sf_customer_event *e = (g != 0 && s->current.generation == (unsigned long long)g) ? &s->current : sf_customer_checked(L, "index");
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    const char *key = lua_tostring(L, 2);
    int f = -1;
    for (int i = 0; i <= SF_CF_COUNT; i++) {
        if (s->interned[i] == key) { f = i; break; }
    }
    if (f < 0) f = sf_customer_field(key);
    else if (f == SF_CF_COUNT) f = -1;  /* "copy" */
    if (f >= 0) {
        if (f == SF_CF_STARTED) return 0;  /* not a field of the event view */
        return sf_customer_push_field(L, s, e, f, 0);
    }
    if (strcmp(key, "copy") == 0) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushcclosure(L, sf_customer_copy, 1);
        return 1;
    }
    return 0;
}

/** __newindex: the handle is read-only. */
static inline int sf_customer_newindex(lua_State *L) {
    sf_customer_checked(L, "index");
    const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2);
    return luaL_error(L, "cannot set '%s' on a customer: its fields are read-only "
                         "(keep your own table: local mine = c:copy(); mine.%s = …)", key, key);
}

/** The `next` of __pairs: the event view's fields in order, skipping those without a value. */
static inline int sf_customer_next(lua_State *L) {
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, lua_upvalueindex(1));
    sf_customer_event *e = sf_customer_checked(L, "iterate");
    const int *view = sf_customer_views[SF_CUSTOMER_EVENT];
    int i = 0;
    if (lua_type(L, 2) == LUA_TSTRING) {
        int f = sf_customer_field(lua_tostring(L, 2));
        while (view[i] >= 0 && view[i] != f) i++;
        if (view[i] >= 0) i++;
    }
    for (; view[i] >= 0; i++) {
        lua_pushstring(L, sf_customer_field_names[view[i]]);
        if (sf_customer_push_field(L, s, e, view[i], 0)) return 2;
        lua_pop(L, 1);
    }
    return 0;
}

/** __pairs(handle) → next, handle, nil. */
static inline int sf_customer_pairs(lua_State *L) {
    sf_customer_checked(L, "iterate");
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushcclosure(L, sf_customer_next, 1);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

/** __tostring: `customer 7 (deposit)`, or what an expired handle is. */
static inline int sf_customer_tostring(lua_State *L) {
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, lua_upvalueindex(1));
    uintptr_t g = (uintptr_t)lua_touserdata(L, 1);
    if (g == 0 || s->current.generation != (unsigned long long)g) {
        lua_pushliteral(L, "customer (expired: its hook returned)");
        return 1;
    }
    sf_customer_push_field(L, s, &s->current, SF_CF_TASK, 0);
    lua_pushfstring(L, "customer %I (%s)", (LUAI_UACINT)s->current.number, lua_tostring(L, -1));
    return 1;
}

/**
 * Makes the handle's state and the light-userdata metatable, under a protected call (it allocates).
 * Arguments: 1 = the host's slow-field function. Returns the state (a full userdata kept in the
 * metatable's upvalues and in the registry).
 */
static inline int sf_customer_setup_body(lua_State *L) {
    sf_customer_state *s = (sf_customer_state *)lua_newuserdatauv(L, sizeof(sf_customer_state), 0);
    memset(s, 0, sizeof *s);
    s->next_generation = 1;
    lua_pushvalue(L, 1);
    s->slow_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_pushboolean(L, 0);
    s->attrs_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    s->task_names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L);
    s->station_names_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_createtable(L, SF_CF_COUNT + 1, 0);
    for (int i = 0; i <= SF_CF_COUNT; i++) {
        s->interned[i] = lua_pushstring(L, i < SF_CF_COUNT ? sf_customer_field_names[i] : "copy");
        lua_rawseti(L, -2, i + 1);
    }
    luaL_ref(L, LUA_REGISTRYINDEX);  /* keeps the interned names alive */
    int state = lua_gettop(L);
    lua_pushvalue(L, state);
    luaL_ref(L, LUA_REGISTRYINDEX);  /* the state lives as long as the Lua state */
    lua_createtable(L, 0, 6);
    const struct { const char *name; lua_CFunction fn; } methods[] = {
        { "__index", sf_customer_index }, { "__newindex", sf_customer_newindex },
        { "__pairs", sf_customer_pairs }, { "__tostring", sf_customer_tostring },
    };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        lua_pushvalue(L, state);
        lua_pushcclosure(L, methods[i].fn, 1);
        lua_setfield(L, -2, methods[i].name);
    }
    lua_pushliteral(L, "customer");
    lua_setfield(L, -2, "__name");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushlightuserdata(L, NULL);
    lua_pushvalue(L, -2);
    lua_setmetatable(L, -2);
    lua_pop(L, 2);
    return 1;
}

/** Stack: [slow-field function] → []; returns the state, or NULL (out of memory). */
static inline sf_customer_state *sf_customer_setup(lua_State *L) {
    lua_pushcfunction(L, sf_customer_setup_body);
    lua_insert(L, -2);
    if (lua_pcall(L, 1, 1, 0) != LUA_OK) { lua_pop(L, 1); return NULL; }
    sf_customer_state *s = (sf_customer_state *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    return s;
}

/** Starts delivering `s->current` (filled by the host): a new generation, returned as the handle's value. */
static inline unsigned long long sf_customer_begin(sf_customer_state *s) {
    s->current.generation = s->next_generation++;
    return s->current.generation;
}

/* Pushes the handle of the event being delivered (a light userdata: its generation). */
static inline void sf_customer_push_current(lua_State *L, const sf_customer_state *s) {
    lua_pushlightuserdata(L, (void *)(uintptr_t)s->current.generation);
}

/**
 * Calls the `n` hooks in registry slots `refs` with the current handle, each protected with the
 * traceback handler as sf_pcall_m does (memory cap, time-budget entry). Stops at the first error:
 * returns its status with the error (message with traceback) on top, the stack otherwise as before
 * plus that one value; LUA_OK with the stack as before.
 * Performance: one host→C call per event for all its hooks (scripts/bench/hooks).
 */
static inline int sf_customer_call_hooks(lua_State *L, sf_memory *m, sf_customer_state *s, const int32_t *refs, int n) {
    int base = lua_gettop(L);
    lua_pushcfunction(L, sf_traceback_handler);
    void *handle = (void *)(uintptr_t)s->current.generation;
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, refs[i]);
        lua_pushlightuserdata(L, handle);
        int status = sf_entry_pcall(L, m, 1, 0, base + 1);
        if (status != LUA_OK) {
            lua_remove(L, base + 1);
            return status;
        }
    }
    lua_settop(L, base);
    return LUA_OK;
}

/**
 * One unnested delivery in one call: stores the customer's fields (teller 1-based, 0 = none; started 0
 * or 1), starts a generation, calls the hooks (sf_customer_call_hooks), and expires the handle.
 * Performance: the host makes one C call per event with plain values (scripts/bench/hooks).
 */
static inline int sf_customer_deliver(lua_State *L, sf_memory *m, sf_customer_state *s, const int32_t *refs, int n,
                                      lua_Integer number, lua_Integer task, lua_Number time, lua_Number arrival,
                                      lua_Integer priority, int started, lua_Number service_start,
                                      lua_Integer teller, int has_attrs) {
    sf_customer_event *e = &s->current;
    e->number = number;
    e->task = task;
    e->time = time;
    e->arrival = arrival;
    e->priority = priority;
    e->started = started;
    e->service_start = service_start;
    e->teller = teller;
    e->has_attrs = has_attrs;
    sf_customer_begin(s);
    int status = sf_customer_call_hooks(L, m, s, refs, n);
    e->generation = 0;
    return status;
}

static inline int sf_customer_view_waiting(void) { return SF_CUSTOMER_WAITING; }
static inline int sf_customer_view_serving(void) { return SF_CUSTOMER_SERVING; }

#endif
