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

#include "shim_match_helper.h"

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
static inline int sf_match_offload_args(lua_State *L, int kind, sf_match_holder *holder, int first, int nargs) {
    static const char *const names[] = { "find", "match", "gsub" };
    sf_memory *m = sf_memory_of(L);
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
    } else if (kind == SF_MATCH_POSITIONS) {
        lua_pushcfunction(S, sf_gsub_positions);
    } else {
        lua_getglobal(S, "string");
        lua_getfield(S, -1, names[kind]);
        lua_remove(S, -2);
    }
    for (int i = first; i < first + nargs; i++) sf_match_copy(L, i, S);
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
            if (reason == 2) lua_pushstring(L, "interrupted!");
            else sf_push_budget_message(L, m);
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
    if (kind == SF_MATCH_POSITIONS) return n;
    if (kind != SF_MATCH_GMATCH) return n;
    /* gmatch: an iterator over the collected list (upvalues: list, next index). */
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, sf_gmatch_next, 2);
    return 1;
}

/** sf_match_offload_args with the whole stack as the arguments. */
static inline int sf_match_offload(lua_State *L, int kind, sf_match_holder *holder) {
    return sf_match_offload_args(L, kind, holder, 1, lua_gettop(L));
}

/**
 * Whether the worst case of matching the pattern at 2 on the subject at 1 is large: the subject's
 * length to the power of the pattern's free repetitions (`*`, `+`, `-`, `%b`), plus one for an
 * unanchored search (every start position), at least SF_RISKY_STEPS. Non-strings are not risky
 * (the library reports them).
 */
static inline int sf_pattern_is_risky(size_t sl, const char *p, size_t pl, double risky_steps) {
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
    for (int k = 0; k < power && steps < risky_steps; k++) steps *= base;
    return steps >= risky_steps;
}

static inline int sf_is_pattern_wrapper(lua_CFunction f);

/**
 * gsub with a function or table replacement whose match is risky: the helper finds every match gsub would
 * replace (sf_gsub_positions: string.find in str_gsub's loop, the pattern as written), abandonable like any
 * other call; then the replacements run here, in the script's state, as lstrlib.c's add_value runs them,
 * interruptible as any Lua code. Arguments as gsub's: s, p, repl [, n] (n checked by the caller).
 */
static inline int sf_gsub_through_helper(lua_State *L, sf_match_holder *holder) {
    size_t sl;
    const char *s = lua_tolstring(L, 1, &sl);
    int has_count = !lua_isnoneornil(L, 4);
    int job = lua_gettop(L) + 1;
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    if (has_count) lua_pushvalue(L, 4); else lua_pushnil(L);
    sf_match_offload_args(L, SF_MATCH_POSITIONS, holder, job, 3);
    int list = lua_gettop(L);
    int is_function = lua_type(L, 3) == LUA_TFUNCTION;
    lua_Integer count = (lua_Integer)lua_rawlen(L, list);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    /* Buffer rule: between buffer operations the stack is balanced (luaL_addvalue excepted). */
    size_t last = 0;
    for (lua_Integer k = 1; k <= count; k++) {
        lua_rawgeti(L, list, k);
        int nvalues = (int)lua_rawlen(L, -1);          /* start, end, captures… */
        lua_rawgeti(L, -1, 1);
        lua_rawgeti(L, -2, 2);
        size_t from = (size_t)lua_tointegerx(L, -2, NULL) - 1;
        size_t to = (size_t)lua_tointegerx(L, -1, NULL);
        lua_pop(L, 3);
        luaL_addlstring(&b, s + last, from - last);
        int captures = nvalues - 2;
        lua_rawgeti(L, list, k);                       /* [match] */
        int m = lua_gettop(L);
        if (is_function) {
            lua_pushvalue(L, 3);
            if (captures == 0) lua_pushlstring(L, s + from, to - from);
            else for (int i = 3; i <= nvalues; i++) lua_rawgeti(L, m, i);
            lua_remove(L, m);
            lua_call(L, captures == 0 ? 1 : captures, 1);
        } else {
            if (captures == 0) lua_pushlstring(L, s + from, to - from); else lua_rawgeti(L, m, 3);
            lua_remove(L, m);
            lua_gettable(L, 3);
        }
        if (!lua_toboolean(L, -1)) {
            lua_pop(L, 1);
            luaL_addlstring(&b, s + from, to - from);   /* false or nil: keep the original text */
        } else if (!lua_isstring(L, -1)) {
            return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
        } else {
            luaL_addvalue(&b);
        }
        last = to;
    }
    luaL_addlstring(&b, s + last, sl - last);
    luaL_pushresult(&b);
    lua_pushinteger(L, count);
    return 2;
}

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
            int wrapper = sf_is_pattern_wrapper(lua_tocfunction(L, -1));
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

static inline int sf_is_text(int t) { return t == LUA_TSTRING || t == LUA_TNUMBER; }

/**
 * string.find/match/gsub/gmatch as the sandbox installs them (sf_pattern_find…, one per kind).
 * Upvalues: 1 the library function, 2 the kind (SF_MATCH_*), 3 the state's sf_match_holder, 4 its
 * sf_pattern_handler. A risky call goes to the helper (gsub with a function or table replacement: only
 * the matching; the replacements run here, in the script's state). Any other is the library's own:
 *
 *   - run in this very frame, as if the script had called it, when the library cannot refuse the
 *     arguments (strings or numbers, `init`/gsub's count absent or integers, gsub's replacement a
 *     string, number, function or table): its pattern and replacement errors get the script's line
 *     from luaL_where, as a direct call's do. The fast path: a few API calls (each a call into
 *     liblua, not inlined, so they are counted: docs/performance.md);
 *   - else in a protected call with sf_pattern_handler, which gives its errors the script's line; a bad
 *     argument is then named as Lua names a library function called from C ('string.find').
 */
static inline int sf_pattern_dispatch(lua_State *L, int kind) {
    sf_match_holder *holder = (sf_match_holder *)lua_touserdata(L, lua_upvalueindex(3));
    int n = lua_gettop(L);
    int t1 = lua_type(L, 1), t2 = lua_type(L, 2);
    int t3 = n >= 3 ? lua_type(L, 3) : LUA_TNONE, t4 = n >= 4 ? lua_type(L, 4) : LUA_TNONE;
    int numeric = kind == SF_MATCH_GSUB ? 4 : 3, tn = kind == SF_MATCH_GSUB ? t4 : t3;
    int plain = sf_is_text(t1) && sf_is_text(t2)
        && (kind != SF_MATCH_GSUB || sf_is_text(t3) || t3 == LUA_TFUNCTION || t3 == LUA_TTABLE);
    if (plain && tn != LUA_TNONE && tn != LUA_TNIL) {
        int isnum = 0;
        if (tn == LUA_TNUMBER) lua_tointegerx(L, numeric, &isnum);
        plain = isnum;
    }
    int plain_find = kind == SF_MATCH_FIND && t4 != LUA_TNONE && t4 != LUA_TNIL
        && (t4 != LUA_TBOOLEAN || lua_toboolean(L, 4));
    if (plain && plain_find) return holder->original[kind](L);       /* a plain find is linear */
    if (sf_is_text(t1) && t2 == LUA_TSTRING) {
        size_t sl = 24, pl = 0;
        if (t1 == LUA_TSTRING) lua_tolstring(L, 1, &sl);
        const char *p = lua_tolstring(L, 2, &pl);
        if (sf_pattern_is_risky(sl, p, pl, holder->risky_steps)) {
            int offloadable = (kind != SF_MATCH_GSUB || sf_is_text(t3)) && !plain_find;
            if (offloadable) return sf_match_offload(L, kind, holder);
            /* A bad count (argument 4) is left to the library, which refuses it before matching. */
            int count_ok = t4 == LUA_TNONE || t4 == LUA_TNIL;
            if (!count_ok) lua_tointegerx(L, 4, &count_ok);
            if (kind == SF_MATCH_GSUB && (t3 == LUA_TFUNCTION || t3 == LUA_TTABLE) && count_ok)
                return sf_gsub_through_helper(L, holder);
        }
    }
    if (plain) return holder->original[kind](L);
    lua_pushvalue(L, lua_upvalueindex(4));
    lua_insert(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 2);
    if (lua_pcall(L, n, LUA_MULTRET, 1) != LUA_OK) return lua_error(L);
    return lua_gettop(L) - 1;
}

static inline int sf_pattern_find(lua_State *L) { return sf_pattern_dispatch(L, SF_MATCH_FIND); }
static inline int sf_pattern_match(lua_State *L) { return sf_pattern_dispatch(L, SF_MATCH_MATCH); }
static inline int sf_pattern_gsub(lua_State *L) { return sf_pattern_dispatch(L, SF_MATCH_GSUB); }
static inline int sf_pattern_gmatch(lua_State *L) { return sf_pattern_dispatch(L, SF_MATCH_GMATCH); }
static inline int sf_is_pattern_wrapper(lua_CFunction f) {
    return f == sf_pattern_find || f == sf_pattern_match || f == sf_pattern_gsub || f == sf_pattern_gmatch;
}

/**
 * Replaces string.find, match, gsub and gmatch with sf_pattern_find…, and registers the library's
 * own functions as the loaded module `string` (Lua names a function in an error by looking it up
 * there when no call site names it: `bad argument #1 to 'string.find'`). Host mode, at setup.
 */
static inline void sf_install_pattern_guards(lua_State *L) {
    static const char *const names[] = { "find", "match", "gsub", "gmatch" };
    static const lua_CFunction wrappers[] = { sf_pattern_find, sf_pattern_match, sf_pattern_gsub, sf_pattern_gmatch };
    lua_getglobal(L, "string");
    int string = lua_gettop(L);
    lua_createtable(L, 0, 4);                      /* the library's own, for names in errors */
    int originals = lua_gettop(L);
    sf_match_holder *holder = (sf_match_holder *)lua_newuserdatauv(L, sizeof(sf_match_holder), 0);
    holder->helper = NULL;
    holder->risky_steps = SF_RISKY_STEPS;
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
        holder->original[kind] = lua_tocfunction(L, -4);
        lua_pushcclosure(L, wrappers[kind], 4);
        lua_setfield(L, string, names[kind]);
    }
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushvalue(L, originals);
    lua_setfield(L, -2, "string");
    lua_settop(L, string - 1);
}

/**
 * Sets the worst case (in steps, see sf_pattern_is_risky) from which the state's pattern calls go to the
 * helper; 0 sends every call there. For tests, which compare the helper's answers with the library's on
 * small inputs. Host mode; does nothing if the guards are not installed.
 */
static inline void sf_set_pattern_helper_threshold(lua_State *L, double steps) {
    int top = lua_gettop(L);
    lua_getglobal(L, "string");
    if (lua_type(L, -1) == LUA_TTABLE && lua_getfield(L, -1, "find") == LUA_TFUNCTION
        && sf_is_pattern_wrapper(lua_tocfunction(L, -1)) && lua_getupvalue(L, -1, 3) != NULL) {
        sf_match_holder *holder = (sf_match_holder *)lua_touserdata(L, -1);
        if (holder) holder->risky_steps = steps;
    }
    lua_settop(L, top);
}

#endif
