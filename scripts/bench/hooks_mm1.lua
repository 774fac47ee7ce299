-- scripts/bench/hooks_mm1.lua: the event-hook benchmark's scenario (scripts/bench/hooks) — M/M/1 with
-- built-in Poisson arrivals (no Lua call per arrival), stopped at the `customers`-th service.
--
--   shopfloor run scripts/bench/hooks_mm1.lua --set hook=none     # the core alone
--   shopfloor run scripts/bench/hooks_mm1.lua --set hook=empty    # + an empty on("finish") hook
--   shopfloor run scripts/bench/hooks_mm1.lua --set hook=read     # + a hook reading two fields
--
-- (with − without) / customers is what one hook call costs.

local p = shopfloor.params {
  customers = { default = 1000000, min = 1, description = "stop after this many services" },
  hook = { default = "none", choices = { "none", "empty", "read" }, description = "the on(\"finish\") hook" },
}

local shop = shopfloor.counter "mm1"
shop:task { name = "job", service = shopfloor.exponential(0.8) }
shop:tellers { skills = { "job" }, count = 1 }
shop:arrivals { rate = 1.0, mix = { job = 1 } }
shopfloor.stop { served = p.customers }

if p.hook == "empty" then
  shop:on("finish", function(c) end)
elseif p.hook == "read" then
  local total = 0
  shop:on("finish", function(c) if c.task == "job" then total = total + c.wait end end)
end
