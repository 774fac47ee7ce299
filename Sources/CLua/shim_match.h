/*
 * shim_match.h: pattern matching that can be abandoned (included by shim.h, which it relies on:
 * sf_memory, sf_alloc, sf_guard_armed).
 *
 * Lua's pattern matcher is one C call no hook can interrupt, and a pathological pattern
 * (`("a"):rep(30) .. "b"` against a dozen `.-`) runs for hours. The sandbox sends a pattern call
 * whose worst case is large (sf_pattern_risky) to a helper thread holding a private lua_State with
 * only the string library, and copies the inputs there and the results back. The owner thread waits
 * in slices; when the watchdog arms the budget hook for the running entry (time budget, Ctrl-C), the
 * owner stops waiting, *abandons* the helper — marks it, forgets it, never joins it — and raises the
 * error in the script. The helper owns nothing the owner uses, so abandoning it is safe: when its
 * match ends (or the process does) it closes its state and frees itself. At most
 * SF_MAX_ABANDONED abandoned helpers may still be running; past that a risky call is refused.
 * docs/architecture.md ("Abandoning a call that cannot be interrupted") states the general rule.
 */
#ifndef SHOPFLOOR_CLUA_SHIM_MATCH_H
#define SHOPFLOOR_CLUA_SHIM_MATCH_H

/** Jobs a helper runs: the string library's own functions, plus gmatch collected eagerly. */
enum { SF_MATCH_FIND = 0, SF_MATCH_MATCH = 1, SF_MATCH_GSUB = 2, SF_MATCH_GMATCH = 3 };
#define SF_MAX_ABANDONED 2
/** Worst-case steps (subject length to the power of the pattern's free repetitions) above which a
    call goes to a helper: below it a match takes milliseconds at most. */
#define SF_RISKY_STEPS 1e7

static int sf_abandoned_running = 0;  /* helpers abandoned and not yet finished (process-wide) */

typedef struct sf_match_helper {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int phase;           /* 0 idle, 1 job posted, 2 job done, 3 abandoned, 4 quit */
    int nargs;
    int status;
    lua_State *S;        /* the helper's own state: base and string libraries */
    sf_memory memory;    /* its own cap: the owner's limit */
} sf_match_helper;

/** Collects every match of gmatch(s, p [, init]) into a table of packed capture lists (helper side). */
static inline int sf_gmatch_all(lua_State *S) {
    int nargs = lua_gettop(S);
    lua_getglobal(S, "string");
    lua_getfield(S, -1, "gmatch");
    lua_remove(S, -2);
    lua_insert(S, 1);
    lua_call(S, nargs, 1);                /* the iterator */
    lua_newtable(S);                      /* [iterator, list] */
    for (lua_Integer k = 1;; k++) {
        int top = lua_gettop(S);
        lua_pushvalue(S, top - 1);
        lua_call(S, 0, LUA_MULTRET);
        int n = lua_gettop(S) - top;
        if (n == 0 || lua_isnil(S, top + 1)) { lua_settop(S, top); break; }
        lua_createtable(S, n, 1);
        lua_insert(S, top + 1);
        for (int i = n; i >= 1; i--) lua_rawseti(S, top + 1, i);
        lua_pushinteger(S, n);
        lua_setfield(S, -2, "n");
        lua_rawseti(S, top, k);
    }
    return 1;
}

static inline void *sf_match_helper_main(void *arg) {
    sf_match_helper *h = (sf_match_helper *)arg;
    pthread_mutex_lock(&h->lock);
    for (;;) {
        while (h->phase != 1 && h->phase != 4) pthread_cond_wait(&h->cond, &h->lock);
        if (h->phase == 4) break;
        pthread_mutex_unlock(&h->lock);
        h->memory.host_depth = 0;           /* the cap holds while the job runs */
        int status = lua_pcall(h->S, h->nargs, LUA_MULTRET, 0);
        h->memory.host_depth = 1;
        pthread_mutex_lock(&h->lock);
        h->status = status;
        if (h->phase == 3) {                /* abandoned while it ran: nobody waits for it */
            __atomic_sub_fetch(&sf_abandoned_running, 1, __ATOMIC_SEQ_CST);
            break;
        }
        h->phase = 2;
        pthread_cond_broadcast(&h->cond);
    }
    pthread_mutex_unlock(&h->lock);
    lua_close(h->S);
    pthread_cond_destroy(&h->cond);
    pthread_mutex_destroy(&h->lock);
    free(h);
    return NULL;
}

static inline sf_match_helper *sf_match_helper_start(size_t limit) {
    sf_match_helper *h = (sf_match_helper *)calloc(1, sizeof(sf_match_helper));
    if (!h) return NULL;
    h->memory.host_depth = 1;
    h->memory.limit = limit;
    pthread_mutex_init(&h->memory.arm_lock, NULL);
    h->S = lua_newstate(sf_alloc, &h->memory);
    if (!h->S) { free(h); return NULL; }
    lua_atpanic(h->S, sf_panic);
    luaL_requiref(h->S, "_G", luaopen_base, 1);
    luaL_requiref(h->S, "string", luaopen_string, 1);
    lua_settop(h->S, 0);
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->cond, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int failed = pthread_create(&thread, &attr, sf_match_helper_main, h);
    pthread_attr_destroy(&attr);
    if (failed) {
        lua_close(h->S);
        pthread_cond_destroy(&h->cond);
        pthread_mutex_destroy(&h->lock);
        free(h);
        return NULL;
    }
    return h;
}

/** The userdata that holds a state's helper (upvalue of sf_match_offload); __gc lets it go. */
typedef struct sf_match_holder { sf_match_helper *helper; } sf_match_holder;

static inline int sf_match_holder_gc(lua_State *L) {
    sf_match_holder *holder = (sf_match_holder *)lua_touserdata(L, 1);
    sf_match_helper *h = holder ? holder->helper : NULL;
    if (h) {
        holder->helper = NULL;
        pthread_mutex_lock(&h->lock);
        h->phase = 4;                       /* idle: it is waiting, it quits and frees itself */
        pthread_cond_broadcast(&h->cond);
        pthread_mutex_unlock(&h->lock);
    }
    return 0;
}

/** Copies the value at L[idx] (a string, number, boolean or nil) onto S. */
static inline void sf_match_copy(lua_State *from, int idx, lua_State *to) {
    switch (lua_type(from, idx)) {
    case LUA_TSTRING: {
        size_t len;
        const char *s = lua_tolstring(from, idx, &len);
        lua_pushlstring(to, s, len);
        break;
    }
    case LUA_TNUMBER:
        if (lua_isinteger(from, idx)) lua_pushinteger(to, lua_tointegerx(from, idx, NULL));
        else lua_pushnumber(to, lua_tonumberx(from, idx, NULL));
        break;
    case LUA_TBOOLEAN: lua_pushboolean(to, lua_toboolean(from, idx)); break;
    default: lua_pushnil(to); break;
    }
}

/** Copies a helper's result (plain values, or gmatch's table of packed lists) onto L. */
static inline void sf_match_copy_result(lua_State *S, int idx, lua_State *L) {
    if (lua_type(S, idx) != LUA_TTABLE) { sf_match_copy(S, idx, L); return; }
    lua_Integer count = (lua_Integer)lua_rawlen(S, idx);
    lua_createtable(L, (int)count, 0);
    for (lua_Integer k = 1; k <= count; k++) {
        lua_rawgeti(S, idx, k);
        int n = (int)lua_rawlen(S, -1);
        lua_createtable(L, n, 1);
        for (int i = 1; i <= n; i++) {
            lua_rawgeti(S, -1, i);
            sf_match_copy(S, -1, L);
            lua_pop(S, 1);
            lua_rawseti(L, -2, i);
        }
        lua_pushinteger(L, n);
        lua_setfield(L, -2, "n");
        lua_pop(S, 1);
        lua_rawseti(L, -2, k);
    }
}

/** The iterator of a collected gmatch: upvalue 1 the list of packed captures, 2 the index. */
static inline int sf_gmatch_next(lua_State *L) {
    lua_Integer i = lua_tointegerx(L, lua_upvalueindex(2), NULL) + 1;
    if (lua_rawgeti(L, lua_upvalueindex(1), i) != LUA_TTABLE) return 0;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(2));
    int n = (int)lua_rawlen(L, -1);
    luaL_checkstack(L, n, "too many captures");
    for (int k = 1; k <= n; k++) lua_rawgeti(L, -k, k);
    return n;
}

/** The helper's error (malformed pattern…, not enough memory), raised where the script called. */
static inline int sf_match_raise_helper_error(lua_State *L, lua_State *S) {
    size_t len = 0;
    const char *msg = lua_tolstring(S, -1, &len);
    luaL_where(L, 1);
    if (msg) lua_pushlstring(L, msg, len); else lua_pushliteral(L, "pattern error");
    lua_settop(S, 0);
    lua_concat(L, 2);
    return lua_error(L);
}

/**
 * Runs string.find/match/gsub (string replacement) or a collected gmatch with the arguments at
 * 1…top on the helper and pushes its results; raises the budget's error (or `interrupted!`) and
 * abandons the helper when the watchdog arms the hook meanwhile.
 */
static inline int sf_match_offload(lua_State *L, int kind, sf_match_holder *holder) {
    static const char *const names[] = { "find", "match", "gsub" };
    sf_memory *m = sf_memory_of(L);
    int nargs = lua_gettop(L);
    if (!holder->helper) {
        if (__atomic_load_n(&sf_abandoned_running, __ATOMIC_SEQ_CST) >= SF_MAX_ABANDONED)
            return luaL_error(L, "pattern too complex: %d earlier matches still run after their time budget", SF_MAX_ABANDONED);
        holder->helper = sf_match_helper_start(m->limit);
        if (!holder->helper) return luaL_error(L, "cannot start a thread for a pattern match");
    }
    sf_match_helper *h = holder->helper;
    lua_State *S = h->S;
    lua_settop(S, 0);
    if (kind == SF_MATCH_GMATCH) {
        lua_pushcfunction(S, sf_gmatch_all);
    } else {
        lua_getglobal(S, "string");
        lua_getfield(S, -1, names[kind]);
        lua_remove(S, -2);
    }
    for (int i = 1; i <= nargs; i++) sf_match_copy(L, i, S);
    h->nargs = nargs;
    pthread_mutex_lock(&h->lock);
    h->phase = 1;
    pthread_cond_broadcast(&h->cond);
    while (h->phase != 2) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 20 * 1000 * 1000;
        if (until.tv_nsec >= 1000000000L) { until.tv_sec += 1; until.tv_nsec -= 1000000000L; }
        pthread_cond_timedwait(&h->cond, &h->lock, &until);
        if (h->phase != 2 && sf_guard_armed(m) != 0) {
            /* The budget ran out (or Ctrl-C): abandon the helper, never wait for it again. */
            h->phase = 3;
            __atomic_add_fetch(&sf_abandoned_running, 1, __ATOMIC_SEQ_CST);
            pthread_mutex_unlock(&h->lock);
            holder->helper = NULL;
            int reason = __atomic_load_n(&m->stop_reason, __ATOMIC_SEQ_CST);
            /* Worded as the budget hook words it (no position: the hook's has none either). */
            lua_pushstring(L, reason == 2 ? "interrupted!" : "script exceeded its time budget");
            return lua_error(L);
        }
    }
    h->phase = 0;
    pthread_mutex_unlock(&h->lock);
    if (h->status != LUA_OK) return sf_match_raise_helper_error(L, S);
    int n = lua_gettop(S);
    luaL_checkstack(L, n + 1, "too many results");
    for (int i = 1; i <= n; i++) sf_match_copy_result(S, i, L);
    lua_settop(S, 0);
    if (kind != SF_MATCH_GMATCH) return n;
    /* gmatch: an iterator over the collected list (upvalues: list, next index). */
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sf_gmatch_next, 2);
    return 1;
}

/**
 * Whether the worst case of matching the pattern at 2 on the subject at 1 is large: the subject's
 * length to the power of the pattern's free repetitions (`*`, `+`, `-`, `%b`), plus one for an
 * unanchored search (every start position), at least SF_RISKY_STEPS. Non-strings are not risky
 * (the library reports them).
 */
static inline int sf_pattern_is_risky(lua_State *L) {
    int t1 = lua_type(L, 1), t2 = lua_type(L, 2);
    if ((t1 != LUA_TSTRING && t1 != LUA_TNUMBER) || t2 != LUA_TSTRING) return 0;
    size_t sl = 0, pl = 0;
    if (t1 == LUA_TSTRING) lua_tolstring(L, 1, &sl); else sl = 24;
    const char *p = lua_tolstring(L, 2, &pl);
    int q = 0, anchored = pl > 0 && p[0] == '^';
    for (size_t i = 0; i < pl; i++) {
        char c = p[i];
        if (c == '%') {
            if (i + 1 < pl && p[i + 1] == 'b') { i += 3; q++; continue; }   /* %bxy scans to the end */
            i++;
            continue;
        }
        if (c == '[') {                      /* a set: skip to its closing ']' */
            i++;
            if (i < pl && p[i] == '^') i++;
            if (i < pl && p[i] == ']') i++;
            while (i < pl && p[i] != ']') { if (p[i] == '%') i++; i++; }
            continue;
        }
        if ((c == '*' || c == '+' || c == '-') && i > 0) q++;
    }
    int power = q + (anchored ? 0 : 1);
    double steps = 1, base = (double)sl + 1;
    for (int k = 0; k < power && steps < SF_RISKY_STEPS; k++) steps *= base;
    return steps >= SF_RISKY_STEPS;
}

static inline int sf_pattern_call(lua_State *L);

/**
 * Message handler of a direct pattern call: an error the library itself raised (its own function
 * is running at level 1) gets the position of the script's line that called, as it would have had
 * without the wrapper in between. Other errors (a gsub replacement function's) pass unchanged.
 * Upvalue 1: the library function.
 */
static inline int sf_pattern_handler(lua_State *L) {
    lua_Debug ar;
    if (lua_type(L, 1) == LUA_TSTRING && lua_getstack(L, 1, &ar)) {
        lua_getinfo(L, "f", &ar);
        int from_library = lua_rawequal(L, -1, lua_upvalueindex(1));
        lua_pop(L, 1);
        for (int level = 2; from_library && lua_getstack(L, level, &ar); level++) {
            lua_getinfo(L, "f", &ar);
            int wrapper = lua_tocfunction(L, -1) == sf_pattern_call;
            lua_pop(L, 1);
            if (wrapper) {
                luaL_where(L, level + 1);
                lua_pushvalue(L, 1);
                lua_concat(L, 2);
                return 1;
            }
        }
    }
    lua_settop(L, 1);
    return 1;
}

/**
 * string.find/match/gsub/gmatch as the sandbox installs them. Upvalues: 1 the library function,
 * 2 the kind (SF_MATCH_*), 3 the state's sf_match_holder, 4 its sf_pattern_handler. A risky call
 * goes to the helper (gsub only with a string or number replacement: a function or table must run
 * here, in the script's state); any other is the library's own, in a protected call so that its
 * errors can be given the script's position.
 */
static inline int sf_pattern_call(lua_State *L) {
    int kind = (int)lua_tointegerx(L, lua_upvalueindex(2), NULL);
    int offloadable = kind != SF_MATCH_GSUB || lua_type(L, 3) == LUA_TSTRING || lua_type(L, 3) == LUA_TNUMBER;
    if (kind == SF_MATCH_FIND && lua_toboolean(L, 4)) offloadable = 0;   /* plain find: linear */
    if (offloadable && sf_pattern_is_risky(L)) {
        sf_match_holder *holder = (sf_match_holder *)lua_touserdata(L, lua_upvalueindex(3));
        return sf_match_offload(L, kind, holder);
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_insert(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 2);
    if (lua_pcall(L, n, LUA_MULTRET, 1) != LUA_OK) return lua_error(L);
    return lua_gettop(L) - 1;
}

/**
 * Replaces string.find, match, gsub and gmatch with sf_pattern_call, and registers the library's
 * own functions as the loaded module `string` (Lua names a function in an error by looking it up
 * there when no call site names it: `bad argument #1 to 'string.find'`). Host mode, at setup.
 */
static inline void sf_install_pattern_guards(lua_State *L) {
    static const char *const names[] = { "find", "match", "gsub", "gmatch" };
    lua_getglobal(L, "string");
    int string = lua_gettop(L);
    lua_createtable(L, 0, 4);                      /* the library's own, for names in errors */
    int originals = lua_gettop(L);
    sf_match_holder *holder = (sf_match_holder *)lua_newuserdatauv(L, sizeof(sf_match_holder), 0);
    holder->helper = NULL;
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, sf_match_holder_gc);
    lua_setfield(L, -2, "__gc");
    lua_setmetatable(L, -2);
    int held = lua_gettop(L);
    for (int kind = 0; kind < 4; kind++) {
        lua_getfield(L, string, names[kind]);
        lua_pushvalue(L, -1);
        lua_setfield(L, originals, names[kind]);
        lua_pushinteger(L, kind);
        lua_pushvalue(L, held);
        lua_pushvalue(L, -3);
        lua_pushcclosure(L, sf_pattern_handler, 1);
        lua_pushcclosure(L, sf_pattern_call, 4);
        lua_setfield(L, string, names[kind]);
    }
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, originals);
    lua_setfield(L, -2, "string");
    lua_settop(L, string - 1);
}

#endif
