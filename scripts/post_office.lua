-- scripts/post_office.lua: a small post office — a scenario of our own, with its own live view,
-- written without touching Swift.
--
--   shopfloor run scripts/post_office.lua                      # the day's summary
--   shopfloor run scripts/post_office.lua --live --speed 300   # watch it, 5 minutes a second
--   shopfloor run scripts/post_office.lua --live --speed 300 --watch   # and edit this file meanwhile
--   shopfloor run scripts/post_office.lua --report day.html    # the day's charts
--
-- Customers come for letters, parcels or their pension. A parcels desk also takes letters; the
-- general counters take everything. Parcel customers who find 15 waiting turn away (balk);
-- letter and pension customers give up after a while (renege). In the live view, `x` opens an
-- extra counter.

local p = shopfloor.params {
  rate = { default = 0.02, min = 0, description = "customers per second (0.02 = 72 an hour)" },
  counters = { default = 2, min = 1, description = "general counters" },
  hours = { default = 8, min = 0, description = "opening hours" },
  patience = { default = 900, min = 0, description = "mean seconds a letter or pension customer waits before giving up" },
}

office = shopfloor.counter "post office"
office:task { name = "letters", service = shopfloor.exponential(60), patience = shopfloor.exponential(p.patience) }
office:task { name = "parcels", service = shopfloor.lognormal(180, 90), capacity = 15 }
office:task { name = "pension", service = shopfloor.uniform(120, 300), patience = shopfloor.exponential(p.patience) }
office:tellers { skills = { "parcels", "letters" }, count = 1, name = "parcels desk" }
office:tellers { skills = { "letters", "pension", "parcels" }, count = p.counters, name = "counters" }
office:arrivals { rate = p.rate, mix = { letters = 5, parcels = 3, pension = 2 } }
shopfloor.stop { time = p.hours * 3600 }

-- What the view counts lives in the world, not in this file's locals: `--watch` runs the file
-- again after an edit, and its locals start afresh, while the counter keeps its statistics and
-- the counters opened so far.
local function extra_counters()
  local n = 0
  for name in pairs(office:stats().pools) do
    if name:match("^extra %d+$") then n = n + 1 end
  end
  return n
end

shopfloor.key("x", "open an extra counter", function()
  office:tellers { skills = { "letters", "pension", "parcels" }, count = 1, name = "extra " .. extra_counters() + 1 }
end)

shopfloor.view(function(v)
  local t = math.floor(v.clock)
  local day = office:stats()
  v:label(("Post office · %02d:%02d since opening · %d served · %d turned away · %d gave up")
    :format(t // 3600, t // 60 % 60, day.served, day.balked, day.reneged), "bold")
  v:label("")
  for _, task in ipairs(office:tasks()) do
    local n = #office:line(task)
    v:bar(task, n, 15, "waiting", n >= 10 and "red" or n >= 5 and "yellow" or "green")
  end
  v:label("")
  local desks = {}
  for _, c in ipairs(office:serving()) do
    desks[#desks + 1] = { text = ("%s: #%d (%s)"):format(c.pool, c.number, c.task), color = c.task == "parcels" and "cyan" or "plain" }
  end
  local queue = {}
  for _, c in ipairs(office:waiting()) do
    queue[#queue + 1] = ("#%d %s, %d min"):format(c.number, c.task, math.floor(c.waited / 60))
  end
  v:list("At the counters", desks)
  v:list("In the queue", queue)
end)
