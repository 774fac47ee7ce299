/*
 * shim_match_helper.h: the helper thread of shim_match.h — a private lua_State with the string library,
 * the jobs it runs (the library's find/match/gsub, gmatch collected, gsub's match positions), and the
 * copying of plain values between states. Included by shim_match.h; relies on shim.h (sf_memory,
 * sf_alloc, sf_panic).
 */
#ifndef SHOPFLOOR_CLUA_SHIM_MATCH_HELPER_H
#define SHOPFLOOR_CLUA_SHIM_MATCH_HELPER_H

/** Jobs a helper runs: the string library's own functions, plus gmatch collected eagerly. */
enum { SF_MATCH_FIND = 0, SF_MATCH_MATCH = 1, SF_MATCH_GSUB = 2, SF_MATCH_GMATCH = 3, SF_MATCH_POSITIONS = 4 };
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

/**
 * Every match gsub(s, p, repl, n) would replace, found with string.find as lstrlib.c's str_gsub finds them
 * (helper side; the pattern is used as written, so back-references and up to LUA_MAXCAPTURES captures are
 * as gsub sees them). str_gsub tries a match at each position in turn: a match is accepted unless it ends
 * where the previously accepted one ended (an empty match right after a match), else one character is
 * skipped; an anchored pattern (`^`) gets one attempt; at most n matches. string.find(s, p, init) tries
 * the same positions from init and stops at the first match, so each accepted match is the first one
 * find reports from the previous match's end (or from the position after a rejected empty match).
 * Arguments: s, p [, n]. Returns a list of packed lists {start, end, captures…} (find's results; no
 * captures when the pattern has none: gsub then passes the whole match).
 */
static inline int sf_gsub_positions(lua_State *S) {
    size_t sl = 0, pl = 0;
    lua_tolstring(S, 1, &sl);
    const char *p = lua_tolstring(S, 2, &pl);
    lua_Integer max = lua_isnoneornil(S, 3) ? (lua_Integer)sl + 1 : lua_tointegerx(S, 3, NULL);
    int anchored = pl > 0 && p[0] == '^';
    lua_settop(S, 2);
    lua_newtable(S);                                  /* 3: the list */
    lua_getglobal(S, "string");
    lua_getfield(S, -1, "find");                      /* 5: string.find */
    lua_remove(S, -2);
    lua_Integer count = 0, init = 1, last_end = -1;   /* last_end: 1-based end of the last accepted match */
    while (count < max && init <= (lua_Integer)sl + 1) {
        int top = lua_gettop(S);
        lua_pushvalue(S, 4);
        lua_pushvalue(S, 1);
        lua_pushvalue(S, 2);
        lua_pushinteger(S, init);
        lua_call(S, 3, LUA_MULTRET);
        int n = lua_gettop(S) - top;
        if (n < 2 || lua_isnil(S, top + 1)) break;    /* no match from init on */
        lua_Integer start = lua_tointegerx(S, top + 1, NULL), end = lua_tointegerx(S, top + 2, NULL);
        if (end == last_end && end < start) {
            /* An empty match where the last one ended: gsub skips one character and tries again. */
            lua_settop(S, top);
            if (anchored) break;
            init = start + 1;
            continue;
        }
        lua_createtable(S, n, 1);
        lua_insert(S, top + 1);
        for (int i = n; i >= 1; i--) lua_rawseti(S, top + 1, i);
        lua_pushinteger(S, n);
        lua_setfield(S, -2, "n");
        lua_rawseti(S, 3, ++count);
        last_end = end;
        init = end < start ? start + 1 : end + 1;   /* after an empty match gsub copies one character */
        if (anchored) break;
    }
    lua_settop(S, 3);
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
typedef struct sf_match_holder {
    sf_match_helper *helper;
    double risky_steps;   /* SF_RISKY_STEPS; tests lower it to send small calls to the helper */
    lua_CFunction original[4];   /* the library's find, match, gsub, gmatch (by SF_MATCH_*) */
} sf_match_holder;

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

#endif
