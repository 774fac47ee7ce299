-- scripts/bank.lua: the seed app's day at the bank.
--
--   shopfloor run scripts/bank.lua                 # English, with the time of each line
--   shopfloor run scripts/bank.lua --set lang=ko   # the seed app's own Korean lines
--   shopfloor run scripts/bank.lua --seed 7        # another day
--
-- At opening, 10 to 30 customers (a random count) stand in line, numbered from 1, each wanting a
-- deposit or a loan. Two deposit tellers (0.7 s each) and one loan teller (1.1 s) serve them in
-- order. Each start and finish is announced; when the last customer is done, the bank closes.

local p = shopfloor.params {
  lang = { default = "en", choices = { "en", "ko" }, description = "language of the printed lines" },
  min_customers = { default = 10, min = 0, description = "fewest customers at opening" },
  max_customers = { default = 30, min = 0, description = "most customers at opening" },
  deposit_tellers = { default = 2, min = 1, description = "tellers who take deposits" },
  loan_tellers = { default = 1, min = 1, description = "tellers who take loans" },
  deposit_time = { default = 0.7, min = 0, description = "seconds a deposit takes" },
  loan_time = { default = 1.1, min = 0, description = "seconds a loan takes" },
}
if p.min_customers > p.max_customers then
  error(("min_customers (%d) must not be more than max_customers (%d)"):format(p.min_customers, p.max_customers))
end

local say = require("messages." .. p.lang)

-- `bank` and `add_customers` are globals so the REPL can reach them:
--   shopfloor repl scripts/bank.lua
--   > add_customers(10)      -- the seed app's "add 10 customers" button
--   > :run 5
--   > bank:reset()           -- the seed app's "reset" button
bank = shopfloor.counter "bank"
bank:task { name = "deposit", service = shopfloor.fixed(p.deposit_time) }
bank:task { name = "loan", service = shopfloor.fixed(p.loan_time) }
bank:tellers { skill = "deposit", count = p.deposit_tellers }
bank:tellers { skill = "loan", count = p.loan_tellers }

-- Customers with a random errand each; numbering continues until bank:reset().
local customers = shopfloor.rng "customers"
-- A mistake at the prompt is reported at the prompt's line (error level 2: the caller's).
function add_customers(n, ...)
  if type(n) ~= "number" or n < 0 or n % 1 ~= 0 then
    error(("bad argument #1 to 'add_customers' (a whole number >= 0 expected, got %s)"):format(tostring(n)), 2)
  end
  if select("#", ...) > 0 and ... ~= nil then
    error(("bad argument #2 to 'add_customers' (no argument expected here, got %s)"):format(tostring((...))), 2)
  end
  for _ = 1, n do bank:arrive(customers:pick { "deposit", "loan" }) end
  return n
end

-- Opening: everybody is already there.
add_customers(customers:int(p.min_customers, p.max_customers))

bank:on("start", function(c) print(say.start(c)) end)
bank:on("finish", function(c) print(say.finish(c)) end)
shopfloor.on("close", function(day) print(say.close(day)) end)

-- The live view (shopfloor run scripts/bank.lua --live): the seed app's screen.
local function clock_text(seconds)
  local ms = math.floor(seconds * 1000 + 0.5)
  return ("%02d:%02d:%03d"):format(ms // 60000, ms // 1000 % 60, ms % 1000)
end

local function entry(c, suffix)
  return { text = ("%d - %s%s"):format(c.number, say.task(c.task), suffix or ""), color = c.task == "loan" and "magenta" or "plain" }
end

shopfloor.view(function(v)
  local waiting, working = {}, {}
  for _, c in ipairs(bank:waiting()) do waiting[#waiting + 1] = entry(c) end
  for _, c in ipairs(bank:serving()) do working[#working + 1] = entry(c, say.at_teller(c.teller)) end
  v:label(say.business_time(clock_text(v.clock)), "bold")
  v:label(say.counts(#waiting, #working, bank:stats().served))
  v:list(say.waiting_title, waiting)
  v:list(say.working_title, working)
end)
shopfloor.key("a", say.add_button, function() add_customers(10) end)
shopfloor.key("r", say.reset_button, function() bank:reset() end)
