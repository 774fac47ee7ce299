/// How the REPL shows values, in Lua so it runs under the same protection as any script:
/// strings at the top level as `print` shows them; tables pretty-printed with keys sorted,
/// cycles marked, nesting cut at a depth; objects with a `__tostring` (lines, rngs, the counter)
/// as their one-line summary.
let replValuePrinter = #"""
local type, tostring, format, concat, sort, rawget, next = type, tostring, string.format, table.concat, table.sort, rawget, next
local MAX_DEPTH, MAX_ITEMS, WIDTH = 4, 200, 72
local rank = { number = 1, string = 2, boolean = 3 }

local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "number" or ta == "string") then return a < b end
  if ta == tb and ta == "boolean" then return b and not a end
  if ta == tb then return tostring(a) < tostring(b) end
  return (rank[ta] or 4) < (rank[tb] or 4)
end

-- A reserved word is a string key, not a name: `{ ["end"] = 2 }`, never `{ end = 2 }`, which Lua cannot read.
local reserved = {}
for word in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  reserved[word] = true
end

local function is_identifier(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil and not reserved[k]
end

local show

local function show_table(t, depth, seen, indent)
  local own = tostring(t)
  if not own:match("^table: ") then return own end       -- a __tostring summary
  if seen[t] then return "<cycle: " .. own .. ">" end
  if depth >= MAX_DEPTH then return "{…}" end
  seen[t] = true
  local n = #t
  local keys = {}
  for k in next, t do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, key_less)
  local parts, count = {}, 0
  for i = 1, n do
    count = count + 1
    if count > MAX_ITEMS then parts[#parts + 1] = "…"; break end
    parts[#parts + 1] = show(rawget(t, i), depth + 1, seen, indent .. "  ")
  end
  for _, k in ipairs(keys) do
    count = count + 1
    if count > MAX_ITEMS then parts[#parts + 1] = "…"; break end
    local key = is_identifier(k) and k or "[" .. show(k, depth + 1, seen, indent) .. "]"
    parts[#parts + 1] = key .. " = " .. show(rawget(t, k), depth + 1, seen, indent .. "  ")
  end
  seen[t] = nil
  if #parts == 0 then return "{}" end
  local line = "{ " .. concat(parts, ", ") .. " }"
  if #line <= WIDTH and not line:find("\n") then return line end
  return "{\n" .. indent .. "  " .. concat(parts, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
end

show = function(v, depth, seen, indent)
  local tv = type(v)
  if tv == "string" then return depth == 0 and v or format("%q", v) end
  if tv == "table" then return show_table(v, depth, seen, indent) end
  return tostring(v)
end

return function(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = show((select(i, ...)), 0, {}, "") end
  return concat(out, "\t")
end
"""#
