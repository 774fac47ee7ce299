/// The Lua half of the sandbox: run once per state, in a protected call, with the host's
/// functions as its argument. Kept in Lua because it is policy a reader should see at a glance.
let sandboxPrelude = #"""
local host = ...
local G = _G
local select, type, tostring, error, rawget = select, type, tostring, error, rawget
local concat = table.concat

-- Not granted: loading files or bytecode, the collector's knobs, warnings.
G.dofile, G.loadfile, G.warn = nil, nil, nil
string.dump = nil

-- load: text chunks only, in the sandbox unless the caller passes an environment.
local raw_load = load
function G.load(chunk, name, mode, ...)
  if select("#", ...) > 0 then
    return raw_load(chunk, name, "t", (...))
  end
  return raw_load(chunk, name, "t", G)
end

local raw_collectgarbage = collectgarbage
function G.collectgarbage(option)
  if option == "count" then return raw_collectgarbage("count") end
  error("collectgarbage: only \"count\" is allowed in the sandbox", 2)
end

-- print writes through the host (stdout, or stderr when stdout carries JSON).
local write = host.write
function G.print(...)
  local n = select("#", ...)
  local parts = {}
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  write(concat(parts, "\t") .. "\n")
end

-- Deterministic randomness: math.random starts from the run's seed; randomseed() without an
-- argument goes back to it instead of reading the clock.
local raw_randomseed = math.randomseed
function math.randomseed(x, y)
  if x == nil then return raw_randomseed(host.seed) end
  return raw_randomseed(x, y)
end
raw_randomseed(host.seed)

-- Coroutines: resume is tracked so the time budget can stop a runaway loop inside one.
-- close is bounded in nesting: deep chains of closes in __close handlers overflow the C stack in
-- Lua 5.4.4 and crash instead of raising "C stack overflow" (shim.h, sf_guarded_close).
local resume, create, status, close = host.resume, coroutine.create, coroutine.status, host.close
coroutine.resume = resume
coroutine.close = close
function coroutine.wrap(f)
  local co = create(f)
  return function(...)
    local results = table.pack(resume(co, ...))
    if results[1] then return table.unpack(results, 2, results.n) end
    local message = results[2]
    if close and status(co) == "dead" then close(co) end
    error(message, 0)
  end
end

-- require: Lua text files from the script's folder and the plugin path only.
local loaded = {}
local find_module = host.find_module
function G.require(name)
  if type(name) ~= "string" then
    error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
  end
  local value = rawget(loaded, name)
  if value ~= nil then return value end
  local loader, path = find_module(name)
  value = loader(name, path)
  if value == nil then value = true end
  loaded[name] = value
  -- One result, not Lua's (value, loader data): `stock:items(require "juice_stock")` would pass the file's
  -- path as a surplus argument, which host functions refuse; Lua gives the path only on a first load anyway.
  return value
end

-- pairs walks keys in sorted order (numbers, then strings, then booleans; other keys after, in
-- table order), so the same script and seed print the same thing on every run: Lua's own order
-- depends on a per-process hash seed. `next` stays Lua's own. A __pairs metamethod is honoured.
local raw_pairs, raw_next, sort = pairs, next, table.sort
local rank = { number = 1, string = 2, boolean = 3 }
local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb then
    if ta == "number" or ta == "string" then return a < b end
    if ta == "boolean" then return b and not a end
    return false
  end
  return (rank[ta] or 4) < (rank[tb] or 4)
end
function G.pairs(t)
  local f, s, c = raw_pairs(t)
  if f ~= raw_next then return f, s, c end
  local keys, n, kind = {}, 0, nil
  for k in raw_next, t do
    n = n + 1
    keys[n] = k
    local tk = type(k)
    if kind == nil then kind = tk elseif kind ~= tk then kind = false end
  end
  if n > 1 then
    if kind == "number" or kind == "string" then sort(keys) else sort(keys, key_less) end
  end
  local i = 0
  return function()
    while i < n do
      i = i + 1
      local k = keys[i]
      local v = rawget(t, k)
      if v ~= nil then return k, v end
    end
    return nil
  end, t, nil
end

-- The string metatable cannot be reached from scripts.
getmetatable("").__metatable = false

if not host.allow_io then
  local os = os
  G.os = { clock = os.clock, date = os.date, time = os.time, difftime = os.difftime }
end

-- --allow-io: the host is told what a script reads (a file, a command's output, os.getenv) before it reads it (an
-- experiment hashes it, a cell checks it). Reading modes only ("r", "r+", "a+"): a file opened to write is an output. An error (io's own, or the
-- host's refusal) is raised again at the caller's line, as io's own functions raise theirs.
if host.allow_io then
  local note = host.note_input
  local open, lines, input, popen = io.open, io.lines, io.input, io.popen
  local pack, unpack, pcall, match = table.pack, table.unpack, pcall, string.match
  local function told(kind, name)
    if type(name) == "number" then name = tostring(name) end
    if type(name) ~= "string" then return end
    local refusal = note(kind, name)
    if refusal then error(refusal, 0) end
  end
  local function reads(mode)
    if mode == nil then return true end
    if type(mode) ~= "string" then return false end
    local first = mode:sub(1, 1)
    return first == "r" or (first == "a" and mode:find("+", 2, true) ~= nil)
  end
  local function at_caller(f)
    return function(...)
      local results = pack(pcall(f, ...))
      if results[1] then return unpack(results, 2, results.n) end
      local message = results[2]
      if type(message) ~= "string" then error(message, 0) end
      error(match(message, "^shopfloor%.sandbox:%d+: (.*)$") or message, 2)
    end
  end
  io.open = at_caller(function(name, mode, ...)
    if reads(mode) then told("file", name) end
    return open(name, mode, ...)
  end)
  io.lines = at_caller(function(name, ...)
    told("file", name)
    return lines(name, ...)
  end)
  io.input = at_caller(function(file)
    told("file", file)
    return input(file)
  end)
  if popen then
    io.popen = at_caller(function(prog, mode, ...)
      if mode == nil or mode == "r" then told("command", prog) end
      return popen(prog, mode, ...)
    end)
  end
  local getenv = os.getenv
  os.getenv = at_caller(function(name, ...)
    told("environment", name)
    return getenv(name, ...)
  end)

  -- Standard output is the host's: io.write and io.stdout:write go where print goes, in order with it (and to
  -- stderr when stdout carries JSON). Through C's own buffer they came out after everything the host had written:
  -- `print "a"; io.write "b\n"; print "c"` printed a, c, b into a pipe, and after a --format json document,
  -- which then no longer parsed. Numbers as io.write writes them (%d, %.14g); other values refused as it does.
  local stdout, output, raw_io_write = io.stdout, io.output, io.write
  local methods = getmetatable(stdout).__index
  local raw_file_write = methods.write
  local mtype, format = math.type, string.format
  local function to_host(file, ...)
    local n = select("#", ...)
    local parts = {}
    for i = 1, n do
      local v = select(i, ...)
      local kind = mtype(v)
      if kind == "integer" then parts[i] = format("%d", v)
      elseif kind == "float" then parts[i] = format("%.14g", v)
      elseif type(v) == "string" then parts[i] = v
      -- Level 2: io.write and file:write tail-call this, so the frame below is the script's.
      else error("bad argument #" .. i .. " to 'write' (string expected, got " .. type(v) .. ")", 2) end
    end
    write(concat(parts))
    return file
  end
  function io.write(...)
    if output() == stdout then return to_host(stdout, ...) end
    return raw_io_write(...)
  end
  function methods.write(file, ...)
    if file == stdout then return to_host(file, ...) end
    return raw_file_write(file, ...)
  end
end

-- What the host may do later: forget required modules so a reload reads them again.
return {
  forget_modules = function() for name in next, loaded do loaded[name] = nil end end,
}
"""#
