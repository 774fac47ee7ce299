-- customer_generator/time_varying: a rate that changes over the day (a lunch rush).
-- Arrivals of a non-homogeneous Poisson process by thinning (Lewis & Shedler): draw at the peak
-- rate, keep each candidate with probability rate(t) / peak.
shopfloor.plugin {
  kind = "customer_generator",
  name = "time_varying",
  description = "Poisson arrivals whose rate follows a curve: base_rate, rising to rush_rate between rush_start and rush_end",
  params = {
    base_rate = { default = 1.0, min = 0, description = "customers per second outside the rush" },
    rush_rate = { default = 3.0, min = 0, description = "customers per second during the rush" },
    rush_start = { default = 100.0, min = 0, description = "when the rush starts (s)" },
    rush_end = { default = 200.0, min = 0, description = "when the rush ends (s)" },
  },
  -- mix: { task = weight, … }; by default every task equally.
  build = function(params, counter, mix)
    local tasks, weights, total = {}, {}, 0
    if mix then
      for task, weight in pairs(mix) do tasks[#tasks + 1] = task; weights[#weights + 1] = weight; total = total + weight end
    else
      tasks = counter:tasks()
      for i = 1, #tasks do weights[i] = 1 end
      total = #tasks
    end
    local function rate(t)
      if t >= params.rush_start and t < params.rush_end then return params.rush_rate end
      return params.base_rate
    end
    -- Errors at level 3: the scenario's line calling shopfloor.use (level 2 is `use` itself, which has no line).
    if params.rush_end < params.rush_start then
      error(("time_varying: rush_end (%g) must not be before rush_start (%g): the rush would never come"):format(params.rush_end, params.rush_start), 3)
    end
    local peak = math.max(params.base_rate, params.rush_rate)
    if peak <= 0 then error("time_varying: base_rate or rush_rate must be > 0", 3) end
    counter:generate(function(rng)
      local now = shopfloor.now()
      local t = now
      repeat
        t = t + rng:exp(1 / peak)
      until rng:uniform() * peak < rate(t)
      local pick, acc = rng:uniform() * total, 0
      for i = 1, #tasks do
        acc = acc + weights[i]
        if pick < acc then return t - now, tasks[i] end
      end
      return t - now, tasks[#tasks]
    end)
  end,
}
