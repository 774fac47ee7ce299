-- The tandem benchmark's model (scripts/bench/tandem): Poisson arrivals (1 per second) at an M/M/1
-- station "one" (mean service 0.5 s); with stations = 2 every customer is routed on to a second M/M/1
-- station "two" (mean 0.4 s), and with stations = 3 on to a third, "three" (mean 0.3 s: the marginal cost of one more
-- station, docs/performance.md). policies = "lua": arrivals from a Lua generator (256 per call) and each
-- station's teller choice a Lua function, as in scripts/bank_open.lua; "builtin": both in the core.
-- The run lasts `customers` seconds, so about that many customers complete.
local p = shopfloor.params {
  stations = { default = 2, min = 1, max = 3, description = "1: one station; 2: a tandem of two; 3: of three" },
  customers = { default = 100000, min = 1, description = "simulated seconds (= customers expected, at 1 per second)" },
  policies = { default = "lua", choices = { "lua", "builtin" }, description = "arrivals and teller choice in Lua, or built in" },
}

local one = shopfloor.counter "one"
one:task { name = "work", service = shopfloor.exponential(0.5), route = p.stations >= 2 and "two.work" or nil }
one:tellers { skill = "work" }
local stations = { one }
if p.stations >= 2 then
  local two = shopfloor.counter "two"
  two:task { name = "work", service = shopfloor.exponential(0.4), route = p.stations == 3 and "three.work" or nil }
  two:tellers { skill = "work" }
  stations[2] = two
end
if p.stations == 3 then
  local three = shopfloor.counter "three"
  three:task { name = "work", service = shopfloor.exponential(0.3) }
  three:tellers { skill = "work" }
  stations[3] = three
end

if p.policies == "lua" then
  local random, log = math.random, math.log
  one:generate(function(_, gaps, tasks, n)
    for i = 1, n do
      gaps[i] = -log(1 - random())
      tasks[i] = "work"
    end
    return n
  end, { batch = 256 })
else
  one:arrivals { rate = 1, mix = { work = 1 } }
end
-- Each station's teller choice: scripts/plugins/fifo.lua's rule (the head of the own line).
for _, station in ipairs(stations) do
  if p.policies == "lua" then
    station:policy(function(teller, lines)
      local own = lines[teller.skill]
      if #own > 0 then return own end
    end, { looks_at = "own" })
  else
    station:policy "fifo"
  end
end

shopfloor.stop { time = p.customers }
