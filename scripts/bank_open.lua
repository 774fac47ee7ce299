-- scripts/bank_open.lua: the benchmark scenario "bank-open" — an open bank branch all day.
--
--   shopfloor run scripts/bank_open.lua                                  # 100,000 customers, Lua policies
--   shopfloor run scripts/bank_open.lua --set policies=builtin           # the same model, no Lua per event
--   shopfloor run scripts/bank_open.lua --use teller_policy=cross_training   # tellers help each other
--
-- Customers arrive as a Poisson stream (arrival_rate per second); each wants a deposit with
-- probability deposit_share, else a loan. Deposit tellers serve deposits (exponential, mean
-- deposit_mean), loan tellers loans (exponential, mean loan_mean), each line first come, first
-- served. Every teller is also trained in the other task, but the default policy (fifo, the
-- seed's rule) keeps each to its own; cross_training lets idle tellers help. The run stops at the
-- `customers`-th service completion.

local p = shopfloor.params {
  arrival_rate = { default = 2.0, min = 0, description = "customers per second" },
  deposit_share = { default = 2 / 3, min = 0, max = 1, description = "share of customers who want a deposit" },
  deposit_tellers = { default = 2, min = 1, description = "tellers whose own task is deposits" },
  loan_tellers = { default = 1, min = 1, description = "tellers whose own task is loans" },
  deposit_mean = { default = 0.7, min = 0, description = "mean deposit time (s), exponential" },
  loan_mean = { default = 1.1, min = 0, description = "mean loan time (s), exponential" },
  customers = { default = 100000, min = 1, description = "stop after this many services" },
  policies = { default = "lua", choices = { "lua", "builtin" }, description = "arrivals and teller choice as Lua functions, or built in" },
}

local bank = shopfloor.counter "bank-open"
bank:task { name = "deposit", service = shopfloor.exponential(p.deposit_mean) }
bank:task { name = "loan", service = shopfloor.exponential(p.loan_mean) }
bank:tellers { skills = { "deposit", "loan" }, count = p.deposit_tellers, name = "deposit" }
bank:tellers { skills = { "loan", "deposit" }, count = p.loan_tellers, name = "loan" }

if p.policies == "lua" then
  -- Arrivals from Lua, 256 per call: the gap (exponential, by inversion) and the task of each.
  -- (One per call works too: bank:generate(function() return gap, task end).)
  local random, log = math.random, math.log
  local rate, share = p.arrival_rate, p.deposit_share
  bank:generate(function(_, gaps, tasks, n)
    for i = 1, n do
      gaps[i] = -log(1 - random()) / rate
      tasks[i] = random() < share and "deposit" or "loan"
    end
    return n
  end, { batch = 256 })
else
  shopfloor.use("customer_generator", "poisson", bank, { deposit = p.deposit_share, loan = 1 - p.deposit_share })
end
shopfloor.use("teller_policy", "fifo", bank, p.policies)

shopfloor.stop { served = p.customers }
