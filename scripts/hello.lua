-- scripts/hello.lua: a first look at Shopfloor's Lua, runnable before any scenario exists.
--   shopfloor run scripts/hello.lua -- Ada
-- Scripts run in a sandbox: string, table, math, utf8, coroutine and a safe part of os.
-- math.random is seeded from --seed (default 1), so the same seed prints the same day.

local name = arg[1] or "world"
print(("Hello, %s. This is Lua %s inside Shopfloor."):format(name, _VERSION:match("%d+%.%d+")))

-- The seed bank's morning: 10 to 30 customers, each wanting a deposit or a loan.
local tasks = { "deposit", "loan" }
local count = math.random(10, 30)
local tally = {}
for _ = 1, count do
  local task = tasks[math.random(#tasks)]
  tally[task] = (tally[task] or 0) + 1
end
-- pairs walks keys in sorted order here, so this prints the same way on every run.
for task, n in pairs(tally) do
  print(("%-8s %2d customers"):format(task, n))
end
print(("%d customers in all (seed-dependent: try --seed 2)"):format(count))
