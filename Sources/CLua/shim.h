/*
 * shim.h: what Swift cannot import from Lua 5.4 (function-like macros, the registry index, the
 * variadic lua_gc), plus the pieces that must be C because they raise Lua errors (lua_error and
 * luaL_* longjmp; a longjmp across a Swift frame is undefined behaviour).
 *
 * Every wrapper is `sf_`-prefixed; Lua's own names are never redefined.
 *
 * The rule the C side keeps for the Swift side:
 *   - Swift functions called from Lua go through sf_trampoline: they RETURN a code and C raises.
 *   - Memory: sf_alloc enforces the script memory cap only while Lua code runs. While the host
 *     (Swift) is pushing values, host_depth > 0 and the cap is not enforced, so an API call marked
 *     `m` made from Swift can never raise LUA_ERRMEM through a Swift frame. A real malloc failure
 *     in host mode aborts with a message (there is nothing sane to unwind to).
 */
#ifndef SHOPFLOOR_CLUA_SHIM_H
#define SHOPFLOOR_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <pthread.h>
#include <time.h>

/* ---- constants Swift cannot import ------------------------------------------------------- */

static inline int sf_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int sf_ridx_globals(void) { return LUA_RIDX_GLOBALS; }
static inline int sf_multret(void) { return LUA_MULTRET; }
static inline int sf_noref(void) { return LUA_NOREF; }
static inline int sf_refnil(void) { return LUA_REFNIL; }
static inline const char *sf_version(void) { return LUA_RELEASE; }

/* A float as Lua's "%.14g" (LUAI_NUMFFORMAT) writes it, into buf of size n. From C, because Swift's
   withVaList builds a [CVarArg] existential whose first use costs a protocol-conformance scan of the
   whole binary (~1.5 M instructions at start-up, scripts/bench/repl). */
static inline int sf_format_number(char *buf, size_t n, double x) { return snprintf(buf, n, "%.14g", x); }

/* ---- function-like macros ----------------------------------------------------------------- */

static inline void sf_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline lua_Number sf_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline lua_Integer sf_tointeger(lua_State *L, int idx, int *isnum) { return lua_tointegerx(L, idx, isnum); }
static inline void sf_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void sf_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT, 0); }
static inline int sf_load(lua_State *L, const char *buf, size_t size, const char *name) {
    return luaL_loadbufferx(L, buf, size, name, "t");
}

/* ---- precompiled host chunks (the sandbox prelude is compiled once per process) ----------- */

typedef struct sf_buffer {
    char *data;
    size_t size;
    size_t capacity;
} sf_buffer;

static inline int sf_buffer_writer(lua_State *L, const void *p, size_t sz, void *ud) {
    (void)L;
    sf_buffer *b = (sf_buffer *)ud;
    if (b->size + sz > b->capacity) {
        size_t cap = b->capacity ? b->capacity * 2 : 4096;
        while (cap < b->size + sz) cap *= 2;
        char *d = (char *)realloc(b->data, cap);
        if (!d) return 1;
        b->data = d;
        b->capacity = cap;
    }
    memcpy(b->data + b->size, p, sz);
    b->size += sz;
    return 0;
}
/** Dumps the function on top (kept on the stack) into b, debug info included. 0 on success. */
static inline int sf_dump(lua_State *L, sf_buffer *b) { return lua_dump(L, sf_buffer_writer, b, 0); }
/** Loads a chunk the host itself dumped (binary mode: never for user text). */
static inline int sf_load_host_binary(lua_State *L, const char *buf, size_t size, const char *name) {
    return luaL_loadbufferx(L, buf, size, name, "b");
}

/* ---- the allocator with a memory cap ------------------------------------------------------ */

/** Bookkeeping for one state's memory; the `ud` of sf_alloc. */
typedef struct sf_memory {
    size_t used;        /* bytes currently allocated by this state */
    size_t limit;       /* cap while Lua code runs; 0 = none */
    size_t peak;
    int host_depth;     /* > 0 while Swift (the host) is the caller: the cap is not enforced */
    /* The time budget's entry accounting (see TimeBudget.swift). Owner thread: */
    int guarded;        /* 1 when a budget is enforced */
    int entry_depth;    /* nesting of host → Lua entries */
    unsigned long long serial;
    /* Shared with the watchdog thread (GCC atomics, sequentially consistent): */
    unsigned long long active_serial;  /* serial of the running outermost entry, 0 if none */
    unsigned long long armed_serial;   /* entry the hook was armed for, 0 if none */
    int interrupt_requested;           /* set from a signal handler (Ctrl-C); the watchdog arms the hook */
    int stop_reason;                   /* what the armed hook raises: 1 time budget, 2 interrupted */
    int closing;                       /* 1 while lua_close runs (sf_close_begin): finalizers only */
    int finalizing;                    /* a script's __gc runs outside a close (shim_gc.h): 1 in an entry
                                          of its own, 2 inside a running entry; 0 otherwise */
    pthread_mutex_t arm_lock;          /* arming vs disarming; never taken on the fast path */
    lua_State *main;                   /* the main thread: host functions run on it (sf_trampoline) */
    lua_State *caller;                 /* the coroutine whose host function runs on main now, or NULL
                                          when main itself called it (sf_caller_thread) */
    int limit_refused;                 /* 1 after the cap (not the system) refused an allocation: the
                                          host's report names the cap */
    double budget;                     /* the time budget in seconds, for its message; 0 = none */
    int sandbox_left_out;              /* the globals the sandbox left out (LuaKit's SandboxLeftOut bits):
                                          an error using one of them gets a hint, no other (LuaError) */
} sf_memory;

/** Start of an entry into Lua from the host. */
static inline void sf_entry_enter(sf_memory *m) {
    if (m->guarded && m->entry_depth++ == 0) {
        /* A release store is enough here (a plain mov on x86): the watchdog only needs to see it
           eventually. Leaving needs the sequentially consistent pair (shopfloor-bench lua). */
        __atomic_store_n(&m->active_serial, ++m->serial, __ATOMIC_RELEASE);
    }
}

/**
 * End of an entry; disarms the budget hook if the watchdog armed it. A release store and a relaxed
 * load (plain movs on x86), not a sequentially consistent pair: the per-call cost is what the
 * bridge benchmark measures (`shopfloor-bench lua`). If the watchdog arms a hook for this entry
 * just as it ends and this load misses it, the hook is stale: sf_budget_hook sees that the entry it
 * was armed for is over, removes itself and raises nothing.
 */
static inline void sf_entry_leave(sf_memory *m, lua_State *L) {
    if (m->guarded && --m->entry_depth == 0) {
        __atomic_store_n(&m->active_serial, 0, __ATOMIC_RELEASE);
        if (__atomic_load_n(&m->armed_serial, __ATOMIC_RELAXED) != 0) {
            pthread_mutex_lock(&m->arm_lock);
            lua_sethook(L, NULL, 0, 0);
            __atomic_store_n(&m->armed_serial, 0, __ATOMIC_SEQ_CST);
            pthread_mutex_unlock(&m->arm_lock);
        }
    }
}

/**
 * Suspends the running entry while the host does long work on Lua's behalf (a script asking the
 * core to run a simulation for minutes): hooks called meanwhile are entries of their own, each
 * with its own budget. Returns the depth to give back to sf_entry_resume.
 */
static inline int sf_entry_suspend(sf_memory *m) {
    int depth = m->entry_depth;
    if (m->guarded && depth > 0) {
        m->entry_depth = 0;
        __atomic_store_n(&m->active_serial, 0, __ATOMIC_SEQ_CST);
    }
    return depth;
}
static inline void sf_entry_resume(sf_memory *m, int depth) {
    if (m->guarded && depth > 0) {
        m->entry_depth = depth;
        __atomic_store_n(&m->active_serial, ++m->serial, __ATOMIC_SEQ_CST);
    }
}

/** Watchdog thread: the serial of the running entry, 0 when none. */
static inline unsigned long long sf_guard_active(sf_memory *m) {
    return __atomic_load_n(&m->active_serial, __ATOMIC_SEQ_CST);
}
static inline unsigned long long sf_guard_armed(sf_memory *m) {
    return __atomic_load_n(&m->armed_serial, __ATOMIC_SEQ_CST);
}

static inline void *sf_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    sf_memory *m = (sf_memory *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        m->used -= old;
        return NULL;
    }
    if (m->limit != 0 && m->host_depth == 0 && nsize > old && m->used - old + nsize > m->limit) {
        m->limit_refused = 1;
        return NULL; /* Lua raises LUA_ERRMEM 'not enough memory' in the running script */
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) {
        if (m->host_depth > 0) {
            fprintf(stderr, "shopfloor: out of memory while the host was building Lua values\n");
            abort();
        }
        return NULL;
    }
    m->used = m->used - old + nsize;
    if (m->used > m->peak) m->peak = m->used;
    return p;
}

static inline lua_Alloc sf_allocator(void) { return sf_alloc; }

static inline sf_memory *sf_memory_of(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (sf_memory *)ud;
}

static inline int sf_panic(lua_State *L) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "shopfloor: unprotected Lua error (a bug in Shopfloor): %s\n", msg ? msg : "?");
    fflush(stderr);
    abort();
    return 0;
}
static inline lua_CFunction sf_panic_function(void) { return sf_panic; }

/* ---- protected calls --------------------------------------------------------------------- */

/**
 * lua_pcall as every entry from the host makes it: Lua code runs with the memory cap enforced
 * (host_depth 0 while it runs) and inside the time budget's entry accounting.
 */
static inline int sf_entry_pcall(lua_State *L, sf_memory *m, int nargs, int nresults, int msgh) {
    int saved = m->host_depth;
    m->host_depth = 0;
    sf_entry_enter(m);
    int status = lua_pcall(L, nargs, nresults, msgh);
    sf_entry_leave(m, L);
    m->host_depth = saved;
    return status;
}

/** The message handler of every host pcall: the error value plus a traceback as a second string. */
static inline int sf_traceback_handler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
            msg = lua_tostring(L, -1);
        } else {
            msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
        }
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/**
 * lua.c's message handler, for a prompt that behaves like lua's: as sf_traceback_handler, except that
 * an error object whose __tostring gives a string is that string alone, with no traceback (lua.c adds
 * one only to string messages and to objects it cannot print).
 */
static inline int sf_standalone_handler(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/**
 * lua_pcall with message handler `handler`, Lua code running with the memory cap enforced.
 * Stack: [function, nargs args] → [nresults results] or [the handler's error message].
 */
static inline int sf_pcall_handled(lua_State *L, sf_memory *m, lua_CFunction handler, int nargs, int nresults) {
    int base = lua_gettop(L) - nargs;
    lua_pushcfunction(L, handler);
    lua_insert(L, base);
    int status = sf_entry_pcall(L, m, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

/**
 * As sf_pcall_m, with lua.c's message handler (sf_standalone_handler).
 * Stack: [function, nargs args] → [nresults results] or [error message, with traceback unless __tostring gave it].
 */
static inline int sf_pcall_standalone_m(lua_State *L, sf_memory *m, int nargs, int nresults) {
    return sf_pcall_handled(L, m, sf_standalone_handler, nargs, nresults);
}

/**
 * lua_pcall with the traceback handler, Lua code running with the memory cap enforced.
 * Stack: [function, nargs args] → [nresults results] or [error message with traceback].
 */
static inline int sf_pcall_m(lua_State *L, sf_memory *m, int nargs, int nresults) {
    return sf_pcall_handled(L, m, sf_traceback_handler, nargs, nresults);
}

/**
 * As sf_pcall_m, finding the memory bookkeeping itself.
 * Stack: [function, nargs args] → [nresults results] or [error message with traceback].
 */
static inline int sf_pcall(lua_State *L, int nargs, int nresults) {
    sf_memory *m = sf_memory_of(L);
    return sf_pcall_m(L, m, nargs, nresults);
}

/**
 * lua_pcall without a traceback (the REPL's incomplete-chunk probe, cheap hot-path calls that
 * report their own errors). Stack effect as lua_pcall.
 */
static inline int sf_pcall_plain(lua_State *L, int nargs, int nresults) {
    sf_memory *m = sf_memory_of(L);
    int status = sf_entry_pcall(L, m, nargs, nresults, 0);
    return status;
}

/**
 * The per-event fast path: calls the function in registry slot `ref` with two numbers and reads
 * one number back, with the traceback handler below it (no rotations). On success returns
 * LUA_OK with *out set (*isnum = 0 when the result is not a number) and the stack as before;
 * on error returns the status with the error message on top.
 */
static inline int sf_call_ref_nn_n(lua_State *L, sf_memory *m, int ref, lua_Number a, lua_Number b,
                                   lua_Number *out, int *isnum) {
    int base = lua_gettop(L);
    lua_pushcfunction(L, sf_traceback_handler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    lua_pushnumber(L, a);
    lua_pushnumber(L, b);
    int status = sf_entry_pcall(L, m, 2, 1, base + 1);
    if (status != LUA_OK) {
        lua_remove(L, base + 1);
        return status;
    }
    *out = lua_tonumberx(L, -1, isnum);
    lua_settop(L, base);
    return LUA_OK;
}

/* Operations that may run metamethods (and so raise) are done in protected C functions. */
static inline int sf_tolstring_k(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}
/** Converts the value at the top to a string as `tostring` does (runs __tostring / __name),
    protected. Stack: [v] → [string] or [error]. Returns a status. */
static inline int sf_safe_tostring(lua_State *L) {
    lua_pushcfunction(L, sf_tolstring_k);
    lua_insert(L, -2);
    return sf_pcall_plain(L, 1, 1);
}

/* ---- the trampoline: Swift functions callable from Lua ------------------------------------ */

/** A Swift function called from Lua. Returns >= 0 results, or one of the SF_RAISE codes. */
typedef int (*sf_swift_function)(lua_State *L, void *context);
typedef void (*sf_release_function)(void *context);

/** The error value is on top of the stack: raise it as is. */
#define SF_RAISE (-1)
/** A message is on top: raise it prefixed with the caller's `chunk:line:` (as luaL_error). */
#define SF_RAISE_WHERE (-2)
/** Codes <= SF_ARGERROR_BASE mean luaL_argerror(L, SF_ARGERROR_BASE - code, message on top). */
#define SF_ARGERROR_BASE (-1000)

static inline int sf_raise_code(void) { return SF_RAISE; }
static inline int sf_raise_where_code(void) { return SF_RAISE_WHERE; }
static inline int sf_argerror_code(int arg) { return SF_ARGERROR_BASE - arg; }

typedef struct sf_function_box {
    sf_swift_function fn;
    void *context;
    sf_release_function release;
    int close_safe;   /* may run while the state closes (it touches no host object but its own) */
} sf_function_box;

static inline int sf_box_gc(lua_State *L) {
    sf_function_box *box = (sf_function_box *)lua_touserdata(L, 1);
    if (box && box->release && box->context) {
        box->release(box->context);
        box->context = NULL;
    }
    return 0;
}

/**
 * A host function called from a coroutine runs on the main thread (as host functions called from
 * the main thread do): the host pushes values and calls hooks through the main thread's stack, so
 * results it pushed there would otherwise be lost to the coroutine (a process calling
 * counter:line "x", Time/ProcessRuntime.swift). This closure runs on the main thread under
 * lua_pcall; upvalue 1 is the function's box. Returns the results, then the host's code.
 */
static inline int sf_trampoline_on_main(lua_State *M) {
    sf_function_box *box = (sf_function_box *)lua_touserdata(M, lua_upvalueindex(1));
    int n = box->fn(M, box->context);
    /* An error code leaves its message on top: return it alone, then the code. */
    if (n < 0) {
        lua_pushinteger(M, n);
        return 2;
    }
    lua_pushinteger(M, n);
    return n + 1;
}

/** Calls the host function from coroutine L on the main thread M; returns its code (results moved to L). */
static inline int sf_call_on_main(lua_State *L, lua_State *M) {
    int nargs = lua_gettop(L);
    int base = lua_gettop(M);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_xmove(L, M, 1);
    lua_pushcclosure(M, sf_trampoline_on_main, 1);
    lua_xmove(L, M, nargs);
    if (lua_pcall(M, nargs, LUA_MULTRET, 0) != LUA_OK) {
        /* Only the time budget's hook or Ctrl-C can raise here: raise it in the coroutine. */
        lua_xmove(M, L, 1);
        lua_settop(M, base);
        return SF_RAISE;
    }
    int code = (int)lua_tointeger(M, -1);
    lua_pop(M, 1);
    int results = lua_gettop(M) - base;
    lua_xmove(M, L, results);
    return code >= 0 ? results : code;
}

/**
 * The thread whose stack holds the Lua code that called the running host function: the coroutine when
 * the function was moved to the main thread (sf_call_on_main; on main, no Lua caller is below it), else L.
 * For positions the host writes into messages and warnings (LuaStack.callerPlace).
 */
static inline lua_State *sf_caller_thread(lua_State *L) {
    sf_memory *m = sf_memory_of(L);
    return (L == m->main && m->caller != NULL) ? m->caller : L;
}

static inline int sf_trampoline(lua_State *L) {
    sf_function_box *box = (sf_function_box *)lua_touserdata(L, lua_upvalueindex(1));
    sf_memory *m = sf_memory_of(L);
    /* While lua_close runs finalizers, the host objects behind most functions (a world, its
       counter) are being torn down: calling them would touch freed memory. A finalizer gets an
       error instead (Lua turns errors in __gc into warnings). */
    if (m->closing && !box->close_safe) return luaL_error(L, "host functions cannot be called while the Lua state closes");
    int saved = m->host_depth;
    lua_State *saved_caller = m->caller;
    m->host_depth = saved + 1;
    int n;
    if (m->main == NULL || m->main == L) {
        m->caller = NULL;
        n = box->fn(L, box->context);
    } else {
        m->caller = L;
        n = sf_call_on_main(L, m->main);
    }
    m->caller = saved_caller;
    m->host_depth = saved;
    if (n >= 0) return n;
    if (n == SF_RAISE) return lua_error(L);
    if (n == SF_RAISE_WHERE) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n <= SF_ARGERROR_BASE) {
        const char *extra = lua_tostring(L, -1);
        return luaL_argerror(L, SF_ARGERROR_BASE - n, extra ? extra : "?");
    }
    return luaL_error(L, "shopfloor: bad return code %d from a host function", n);
}

/**
 * Pushes a Lua function that calls `fn(L, context)`; `release(context)` runs when Lua collects it.
 * Stack: [] → [function]. `nupvalues` extra upvalues may be taken from the stack top first
 * (they become upvalues 2…n+1). Call in host mode only.
 */
static inline void sf_push_swift_function(lua_State *L, sf_swift_function fn, void *context,
                                          sf_release_function release, int nupvalues, int close_safe) {
    sf_function_box *box = (sf_function_box *)lua_newuserdatauv(L, sizeof(sf_function_box), 0);
    box->fn = fn;
    box->context = context;
    box->release = release;
    box->close_safe = close_safe;
    if (luaL_newmetatable(L, "shopfloor.function_box")) {
        lua_pushcfunction(L, sf_box_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
    }
    lua_setmetatable(L, -2);
    if (nupvalues > 0) lua_insert(L, -(nupvalues + 1));
    lua_pushcclosure(L, sf_trampoline, nupvalues + 1);
}

/* ---- userdata holding a retained Swift object --------------------------------------------- */

typedef struct sf_object_box {
    void *object;                 /* an Unmanaged, retained Swift object */
    sf_release_function release;
} sf_object_box;

static inline int sf_object_gc(lua_State *L) {
    sf_object_box *box = (sf_object_box *)lua_touserdata(L, 1);
    if (box && box->object && box->release) {
        box->release(box->object);
        box->object = NULL;
    }
    return 0;
}
static inline lua_CFunction sf_object_gc_function(void) { return sf_object_gc; }

/** Stack: [] → [userdata]. The metatable `tname` must exist (see sf_object_box_metatable). */
static inline void sf_push_object(lua_State *L, void *object, sf_release_function release, const char *tname) {
    sf_object_box *box = (sf_object_box *)lua_newuserdatauv(L, sizeof(sf_object_box), 0);
    box->object = object;
    box->release = release;
    luaL_setmetatable(L, tname);
}

/** The Swift object in the userdata at idx if its metatable is `tname`, else NULL. Never raises. */
static inline void *sf_test_object(lua_State *L, int idx, const char *tname) {
    sf_object_box *box = (sf_object_box *)luaL_testudata(L, idx, tname);
    return box ? box->object : NULL;
}

/* ---- the time budget: a hook armed from the watchdog -------------------------------------- */

/** Pushes the time budget's error, naming the budget: one call past it fails, and the figure says
    whether a larger --time-budget is the cure. Also the pattern helper's words when it is abandoned. */
static inline void sf_push_budget_message(lua_State *L, sf_memory *m) {
    if (m && m->budget > 0) lua_pushfstring(L, "script exceeded its time budget (%f s per call into Lua)", (lua_Number)m->budget);
    else lua_pushstring(L, "script exceeded its time budget");
}

/* Pushes "chunk:line: " for the line running in the innermost function that is the script's own, "" if none: the
   host's own Lua code (chunks named "=shopfloor.…": the sandbox's wrappers of io.open and io.read, the process
   runtime) is passed over for the script line calling it. A Ctrl-C while a script waits in io.open landed in the
   sandbox's wrapper and was named at `shopfloor.sandbox:146`. With only host code running, its own line (level 0:
   the process runtime names the process itself, World+Processes.swift). */
static inline void sf_where_running(lua_State *L) {
    lua_Debug d;
    for (int level = 0; lua_getstack(L, level, &d); level++) {
        if (!lua_getinfo(L, "Sl", &d)) break;
        if (d.currentline <= 0) continue;  /* a C function: no line */
        if (strncmp(d.source, "=shopfloor.", 11) == 0) continue;
        lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
        return;
    }
    luaL_where(L, 0);
}

static inline void sf_budget_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    /* Armed with count 1 so that `pcall` loops cannot swallow it: every instruction raises. */
    void *ud = NULL;
    lua_getallocf(L, &ud);
    sf_memory *m = (sf_memory *)ud;
    int reason = 0;
    if (m) {
        /* A stale hook (armed as its entry ended, see sf_entry_leave) removes itself. The lock is
           released before raising: luaL_error jumps. */
        pthread_mutex_lock(&m->arm_lock);
        unsigned long long armed = __atomic_load_n(&m->armed_serial, __ATOMIC_SEQ_CST);
        int stale = armed == 0 || armed != __atomic_load_n(&m->active_serial, __ATOMIC_SEQ_CST);
        if (stale) {
            lua_sethook(L, NULL, 0, 0);
            __atomic_store_n(&m->armed_serial, 0, __ATOMIC_SEQ_CST);
        }
        reason = __atomic_load_n(&m->stop_reason, __ATOMIC_SEQ_CST);
        pthread_mutex_unlock(&m->arm_lock);
        if (stale) return;
    }
    /* The line running (from level 0: in a hook it is the Lua function running, where the loop is; luaL_error's
       level 1 is its C caller's: that named the line calling a looping function, not the loop, and nothing at all
       for a loop in a hook, a timer or a main chunk, whose caller is C). The same for Ctrl-C as for the budget:
       the place is the script's line that was running when it came. */
    sf_where_running(L);
    if (reason == 2) lua_pushstring(L, "interrupted!");
    else sf_push_budget_message(L, m);
    lua_concat(L, 2);
    lua_error(L);
}

/** Arms the budget hook on L (callable from another thread, as lua.c does from a signal). */
static inline void sf_arm_budget(lua_State *L) {
    lua_sethook(L, sf_budget_hook, LUA_MASKCOUNT, 1);
}

/** The threads currently being resumed, innermost last, so the watchdog can arm them too. */
#define SF_MAX_RESUME_DEPTH 256
typedef struct sf_resume_stack {
    pthread_mutex_t lock;
    int depth;
    lua_State *threads[SF_MAX_RESUME_DEPTH];
} sf_resume_stack;

static inline sf_resume_stack *sf_resume_stack_new(void) {
    sf_resume_stack *s = (sf_resume_stack *)calloc(1, sizeof(sf_resume_stack));
    if (s) pthread_mutex_init(&s->lock, NULL);
    return s;
}
static inline void sf_resume_stack_free(sf_resume_stack *s) {
    if (!s) return;
    pthread_mutex_destroy(&s->lock);
    free(s);
}
/** Arms every thread being resumed (called by the watchdog, with the owner's lock held). */
static inline void sf_resume_stack_arm(sf_resume_stack *s) {
    pthread_mutex_lock(&s->lock);
    for (int i = 0; i < s->depth; i++) sf_arm_budget(s->threads[i]);
    pthread_mutex_unlock(&s->lock);
}

/**
 * coroutine.resume with tracking: upvalue 1 is the original resume, upvalue 2 a light userdata
 * holding the sf_resume_stack. Same results as the original.
 */
static inline int sf_tracked_resume(lua_State *L) {
    sf_resume_stack *s = (sf_resume_stack *)lua_touserdata(L, lua_upvalueindex(2));
    lua_State *co = lua_tothread(L, 1);
    int pushed = 0;
    if (co && s) {
        pthread_mutex_lock(&s->lock);
        if (s->depth < SF_MAX_RESUME_DEPTH) {
            s->threads[s->depth++] = co;
            pushed = 1;
        }
        pthread_mutex_unlock(&s->lock);
    }
    int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    int status = lua_pcall(L, nargs, LUA_MULTRET, 0);
    if (pushed) {
        pthread_mutex_lock(&s->lock);
        s->depth--;
        pthread_mutex_unlock(&s->lock);
    }
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/**
 * coroutine.close with a bound on nesting. Lua 5.4.4 (Debian's) resets the C-call count of the
 * coroutine it closes, so a `__close` handler that closes another coroutine whose `__close` closes
 * another, and so on, recurses in C without the "C stack overflow" check and ends in SIGSEGV (the
 * upstream bug "C-stack overflow with deep nesting of coroutine.close", fixed in 5.4.5). Here each
 * nested close counts, and past SF_MAX_CLOSE_DEPTH the innermost raises "C stack overflow", as Lua
 * does for any other runaway C recursion (LUAI_MAXCCALLS is 200; a close level costs a few C frames).
 * Upvalue 1 is the original close, upvalue 2 a userdata holding the current depth.
 */
#define SF_MAX_CLOSE_DEPTH 100
static inline int sf_guarded_close(lua_State *L) {
    int *depth = (int *)lua_touserdata(L, lua_upvalueindex(2));
    if (*depth >= SF_MAX_CLOSE_DEPTH) return luaL_error(L, "C stack overflow");
    int nargs = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    (*depth)++;
    int status = lua_pcall(L, nargs, LUA_MULTRET, 0);
    (*depth)--;
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/** Stack: [original close] → [guarded close]. */
static inline void sf_push_guarded_close(lua_State *L) {
    int *depth = (int *)lua_newuserdatauv(L, sizeof(int), 0);
    *depth = 0;
    lua_pushcclosure(L, sf_guarded_close, 2);
}

/** Stack: [original resume] → [tracked resume]. */
static inline void sf_push_tracked_resume(lua_State *L, sf_resume_stack *s) {
    lua_pushlightuserdata(L, s);
    lua_pushcclosure(L, sf_tracked_resume, 2);
}

/**
 * Watchdog thread: arms the budget hook on L and on every coroutine being resumed, if entry
 * `serial` is still running. Returns 1 when armed.
 */
static inline int sf_guard_arm(sf_memory *m, lua_State *L, sf_resume_stack *s, unsigned long long serial,
                               int reason) {
    int armed = 0;
    pthread_mutex_lock(&m->arm_lock);
    __atomic_store_n(&m->stop_reason, reason, __ATOMIC_SEQ_CST);
    __atomic_store_n(&m->armed_serial, serial, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&m->active_serial, __ATOMIC_SEQ_CST) == serial) {
        sf_arm_budget(L);
        sf_resume_stack_arm(s);
        armed = 1;
    } else {
        __atomic_store_n(&m->armed_serial, 0, __ATOMIC_SEQ_CST);
    }
    pthread_mutex_unlock(&m->arm_lock);
    return armed;
}

static inline void sf_memory_init(sf_memory *m, int guarded) {
    memset(m, 0, sizeof(*m));
    m->host_depth = 1;
    m->guarded = guarded;
    pthread_mutex_init(&m->arm_lock, NULL);
}
static inline void sf_memory_destroy(sf_memory *m) { pthread_mutex_destroy(&m->arm_lock); }

/**
 * lua_close runs finalizers (`__gc`) with no entry of ours active, and Lua disables hooks inside
 * them, so neither the budget hook nor Ctrl-C can stop one that loops. The close is made an entry
 * the watchdog watches (marked `closing`: it never arms a hook on a state being freed, it only ends
 * the process when allowed to), with the memory cap in force so a finalizer that allocates without
 * end meets "not enough memory" (an error in __gc is a warning, and the close goes on).
 */
static inline void sf_close_begin(sf_memory *m) {
    m->host_depth = 0;
    m->entry_depth = 0;
    __atomic_store_n(&m->closing, 1, __ATOMIC_SEQ_CST);
    if (m->guarded) __atomic_store_n(&m->active_serial, ++m->serial, __ATOMIC_SEQ_CST);
}
/** After lua_close: the state is gone; nothing to disarm. */
static inline void sf_close_end(sf_memory *m) {
    __atomic_store_n(&m->active_serial, 0, __ATOMIC_SEQ_CST);
    m->host_depth = 1;
}
static inline int sf_is_closing(sf_memory *m) { return __atomic_load_n(&m->closing, __ATOMIC_SEQ_CST); }

/** Async-signal-safe: asks the watchdog to stop the running entry with "interrupted!". */
static inline void sf_request_interrupt(sf_memory *m) {
    __atomic_store_n(&m->interrupt_requested, 1, __ATOMIC_SEQ_CST);
}
/** Reads and clears the interrupt request. */
static inline int sf_take_interrupt(sf_memory *m) {
    return __atomic_exchange_n(&m->interrupt_requested, 0, __ATOMIC_SEQ_CST);
}
static inline int sf_interrupt_pending(sf_memory *m) {
    return __atomic_load_n(&m->interrupt_requested, __ATOMIC_SEQ_CST);
}

#include "shim_match.h"
#include "shim_gc.h"

#endif
