import LuaKit
import ShopfloorCore

/// The Lua half of processes: `shopfloor.wait` and `shopfloor.wait_until` are Lua functions that yield with
/// `coroutine.yield`, so a process is suspended from Lua and resumed by Lua's (tracked) `coroutine.resume` —
/// never from a Swift frame in the middle of a call (LUA_NOTES.md: no `longjmp` across Swift frames). Swift calls
/// `step(co)` under a protected call (one entry, under the time budget; the tracked resume lets the watchdog
/// arm the coroutine too), and reads what the process waits for from its results.
struct ProcessRuntime {
    /// `spawn(fn)` → a coroutine registered as a process.
    let spawn: LuaReference
    /// `step(co)` → `"delay", dt` | `"until", fn` | `"done"` | `"yield"` (not through a wait) | `"error", message`
    /// (the coroutine keeps its stack, for the place and traceback of the error).
    let step: LuaReference

    static let source = """
    local check_delay = ...
    local create, resume, yield = coroutine.create, coroutine.resume, coroutine.yield
    local running, status, type = coroutine.running, coroutine.status, type
    local processes = setmetatable({}, { __mode = "k" })
    local WAIT = {}

    local function in_process(name)
      local co, main = running()
      if main or not processes[co] then
        error("shopfloor." .. name .. ": only a process can wait (inside shopfloor.process(function() ... end))", 3)
      end
    end

    -- A surplus argument is refused, as the host functions refuse theirs (LuaHostFunction).
    local function no_more(name, ...)
      for i = 1, select("#", ...) do
        local v = select(i, ...)
        if v ~= nil then
          local shown = type(v) == "string" and ("'" .. v .. "'") or (type(v) == "number" or type(v) == "boolean") and tostring(v) or type(v)
          error(("bad argument #%d to 'shopfloor.%s' (no argument expected here, got %s)"):format(i + 1, name, shown), 3)
        end
      end
    end

    local function wait(dt, ...)
      if select("#", ...) > 0 then no_more("wait", ...) end
      in_process("wait")
      local problem = check_delay(dt)
      if problem then error(problem, 2) end
      yield(WAIT, "delay", dt)
    end

    local function wait_until(condition, ...)
      if select("#", ...) > 0 then no_more("wait_until", ...) end
      in_process("wait_until")
      if type(condition) ~= "function" then
        error("shopfloor.wait_until: expected a function returning true when the wait is over, got " .. type(condition), 2)
      end
      if condition() then return end
      yield(WAIT, "until", condition)
    end

    -- Only `step` resumes a process: one resumed by the script (its coroutine from coroutine.running())
    -- ran ahead of its wait and its next wait was silently lost; one closed died, and the run stopped with
    -- Lua's bare "cannot resume dead coroutine". `step` holds the original resume, so it is not refused.
    local close = coroutine.close
    local function refuse(name)
      error("coroutine." .. name .. ": this coroutine is a shopfloor process: it is resumed only by its wait" ..
            " (shopfloor.wait, shopfloor.wait_until); end it with its handle's cancel()", 3)
    end
    coroutine.resume = function(co, ...)
      if processes[co] then refuse("resume") end
      return resume(co, ...)
    end
    coroutine.close = function(co)
      if processes[co] then refuse("close") end
      return close(co)
    end

    local function spawn(fn)
      local co = create(fn)
      processes[co] = true
      return co
    end

    local function step(co)
      local ok, tag, kind, arg = resume(co)
      if not ok then
        processes[co] = nil
        return "error", tag
      end
      if status(co) == "dead" then
        processes[co] = nil
        return "done"
      end
      if tag ~= WAIT then
        processes[co] = nil
        return "yield"
      end
      return kind, arg
    end

    return spawn, step, wait, wait_until
    """

    /// Loads the runtime into `world`'s state: sets `shopfloor.wait` and `shopfloor.wait_until` (Lua functions) in
    /// the module table at `module` (an absolute index).
    static func install(in world: World, module: Int32) throws -> ProcessRuntime {
        let lua = world.lua
        let stack = lua.stack
        try lua.load(source, chunkName: "=shopfloor.process")
        stack.push(function: { call in
            let value = call.value(1)
            if case .number(let d) = value, d.isFinite, d >= 0 { return 0 }
            if case .integer(let i) = value, i >= 0 { return 0 }
            return call.returning("shopfloor.wait: 'dt' must be a finite number of seconds >= 0, got \(OptionTable.show(value))")
        })
        try lua.protectedCall(arguments: 1, results: 4)
        stack.setField("wait_until", in: module)
        stack.setField("wait", in: module)
        let step = LuaReference(popping: lua)
        let spawn = LuaReference(popping: lua)
        return ProcessRuntime(spawn: spawn, step: step)
    }
}
