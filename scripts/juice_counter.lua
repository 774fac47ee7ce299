-- scripts/juice_counter.lua: the seed juice maker's counter, as globals for the REPL.
--
--   shopfloor repl scripts/juice.lua
--   > order "banana juice"        --> true              (made: the fruit is taken, all of it)
--   > order "strawberry_juice"    --> false   strawberry: need 16, have 8   (nothing taken)
--   > add_stock("strawberry", 20) --> 28
--   > stock()                     --> { banana = 198, kiwi = 200, … }
--   > menu()                      --> every juice with its recipe, made and failed
--
-- Underscores in a juice's name read as spaces (`order "banana_juice"`), as the seed app's menu
-- names were typed. After `:reload` of an edited recipes.lua a new juice can be ordered at once.
-- A name the user has given a value of their own (say `stock = shopfloor.stock()`) is left alone,
-- also when :reload or :use runs the scenario again; the helpers this file defined are replaced.
local ours = setmetatable({}, { __mode = "k" })
_JUICE_COUNTER_GLOBALS = _JUICE_COUNTER_GLOBALS or ours
ours = _JUICE_COUNTER_GLOBALS

local function define(name, fn)
  local current = rawget(_G, name)
  if current == nil or ours[current] then
    ours[fn] = true
    rawset(_G, name, fn)
  end
end

-- A mistake at the prompt is reported at the prompt's line, not at this file's: the helpers raise
-- with level 2 (their caller), and a counter function's error, which names the line here that called
-- it, is raised again at the caller with that place taken off.
local function at_caller(helper, method, ok, ...)
  if ok then return ... end
  local message = ...
  if type(message) == "string" then
    message = message:gsub("^.-juice_counter%.lua:%d+: ", "", 1):gsub("to '" .. method .. "'", "to '" .. helper .. "'", 1)
  end
  error(message, 3)
end

-- A surplus argument is refused, as the counter's own functions refuse theirs.
local function no_more(name, count, ...)
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if v ~= nil then
      local shown = type(v) == "string" and ("'" .. v .. "'") or (type(v) == "number" or type(v) == "boolean") and tostring(v) or type(v)
      error(("bad argument #%d to '%s' (no argument expected here, got %s)"):format(count + i, name, shown), 3)
    end
  end
end

return function(counter)
  local function juice_name(name)
    return (tostring(name):gsub("_", " "))
  end

  -- Orders one juice now, by hand, past the line: true, or false and what was short.
  -- (No tail calls: at_caller's level 3 must be the prompt's line.)
  define("order", function(name, ...)
    no_more("order", 1, ...)
    local answer = table.pack(pcall(function() return counter:order(juice_name(name)) end))
    at_caller("order", "order", answer[1], answer[2])
    return table.unpack(answer, 2, answer.n)   -- true, or false and what was short: as counter:order
  end)

  -- The fruit counts now (a table, printed sorted at the prompt).
  define("stock", function(...)
    no_more("stock", 0, ...)
    return counter:counts()
  end)

  -- Adds (or with a negative n removes) fruit and returns the new count; below 0 or above the
  -- capacity is refused and nothing changes.
  define("add_stock", function(fruit, n, ...)
    no_more("add_stock", 2, ...)
    local count = at_caller("add_stock", "add", pcall(function() return counter:add(fruit, n) end))
    return count
  end)

  -- The recipe book: each juice's ingredients and how many were made and failed so far.
  define("menu", function(...)
    no_more("menu", 0, ...)
    local lines = {}
    for _, r in ipairs(counter:recipes()) do
      local needs = {}
      for fruit, n in pairs(r.ingredients) do needs[#needs + 1] = ("%s %d"):format(fruit, n) end
      lines[#lines + 1] = ("%-24s %-28s made %d, failed %d"):format(r.name, table.concat(needs, ", "), r.made, r.failed)
    end
    return table.concat(lines, "\n")
  end)
end
