-- scripts/bank_reception.lua: a day at a bank with a reception desk, tellers and a manager.
--
--   shopfloor run scripts/bank_reception.lua                         # the day, a manager's summary at the end
--   shopfloor run scripts/bank_reception.lua --set lunch=false       # the same day without the lunch break
--   shopfloor run scripts/bank_reception.lua --set customers_per_hour=50 --seed 7
--   shopfloor run scripts/bank_reception.lua --format json           # every figure as JSON (the summary on stderr)
--   shopfloor run scripts/bank_reception.lua --trace day.jsonl       # every arrival, start and finish, per station
--
-- The clock starts at 9:00 (t = 0, in seconds). Customers come in from the street at random (Poisson,
-- customers_per_hour) and first see the reception desk, which sends each to a deposit teller or a loan teller
-- (deposit_share of them to deposits: routing by probabilities). After a loan, manager_share of the loans go on to
-- the manager for a sign-off (routing by a function of the customer). A customer keeps their number through the
-- whole visit, so the summary reports each station's waits and the time in the bank from the door to the exit.
--
-- One deposit teller takes a lunch break from 12:00 to 13:00 (a schedule on the deposit pool: the teller finishes
-- the customer in hand first). The door closes at 16:00: those inside are still served, and people who keep coming
-- until latecomers_minutes after closing find the door shut (refused). The day ends when the last of them has left
-- and nobody tries the door any more.

local p = shopfloor.params {
  customers_per_hour = { default = 40, min = 0, description = "customers coming in from the street per hour (Poisson)" },
  deposit_share = { default = 0.7, min = 0, max = 1, description = "share of customers the desk sends to a deposit teller (the rest: loans)" },
  manager_share = { default = 0.1, min = 0, max = 1, description = "share of loans that go on to the manager" },
  reception_minutes = { default = 1, min = 0, description = "mean minutes at the reception desk (exponential)" },
  deposit_minutes = { default = 4, min = 0, description = "mean minutes of a deposit (exponential)" },
  loan_minutes = { default = 8, min = 0, description = "mean minutes of a loan (exponential)" },
  manager_minutes = { default = 20, min = 0, description = "mean minutes with the manager (exponential)" },
  deposit_tellers = { default = 3, min = 1, description = "deposit tellers" },
  loan_tellers = { default = 2, min = 1, description = "loan tellers" },
  lunch = { default = true, description = "one deposit teller is away from 12:00 to 13:00" },
  closing_hour = { default = 16, min = 9, max = 24, description = "hour the door closes (the day starts at 9:00)" },
  latecomers_minutes = { default = 30, min = 0, description = "minutes after closing that people still try the door" },
}

local MINUTE, HOUR, OPENING = 60, 3600, 9
local function at_hour(h) return (h - OPENING) * HOUR end       -- 12 → 3 hours after opening

-- The three stations: the desk, the tellers (deposits and loans), the manager.
local desk = shopfloor.counter "reception"
local tellers = shopfloor.counter "tellers"
local manager = shopfloor.counter "manager"

desk:task { name = "desk", service = shopfloor.exponential(p.reception_minutes * MINUTE),
            route = { ["tellers.deposit"] = p.deposit_share, ["tellers.loan"] = 1 - p.deposit_share } }
tellers:task { name = "deposit", service = shopfloor.exponential(p.deposit_minutes * MINUTE) }

-- After a loan: the manager signs off manager_share of them (a draw from its own stream), the rest leave.
local sign_off = shopfloor.rng "manager"
tellers:task { name = "loan", service = shopfloor.exponential(p.loan_minutes * MINUTE),
               route = function(customer)
                 if sign_off:chance(p.manager_share) then return "manager.review" end
                 return "exit"
               end }
manager:task { name = "review", service = shopfloor.exponential(p.manager_minutes * MINUTE) }

desk:tellers { skill = "desk", name = "desk" }
local lunch_break = nil
if p.lunch then
  lunch_break = { { at = 0, count = p.deposit_tellers },
                  { at = at_hour(12), count = p.deposit_tellers - 1 },
                  { at = at_hour(13), count = p.deposit_tellers } }
end
tellers:tellers { skill = "deposit", name = "deposit", count = p.deposit_tellers, schedule = lunch_break }
tellers:tellers { skill = "loan", name = "loan", count = p.loan_tellers }
manager:tellers { skill = "review", name = "manager" }

-- Opening hours: from closing_hour nobody comes in; those inside are served.
local closing = at_hour(p.closing_hour)
desk:close_door(closing)

-- The street: people walk in at random until latecomers_minutes after closing. A process (not built-in
-- arrivals, which simply stop at the door) so that those who find the door shut are counted.
-- (`refused` appears in the summary, text and JSON, only when someone was refused.)
local street = shopfloor.rng "street"
local last_try = closing + p.latecomers_minutes * MINUTE
if p.customers_per_hour > 0 then
  shopfloor.process(function()
    while true do
      -- Nobody tries after last_try: the process ends without waiting past it (a wait past it moved the end
      -- of the day, and so every time figure, to an instant when nothing happened).
      local gap = street:exp(HOUR / p.customers_per_hour)
      if shopfloor.now() + gap > last_try then return end
      shopfloor.wait(gap)
      desk:arrive "desk"            -- once the door is closed: refused (the summary's `refused`), no number
    end
  end)
end

-- When the last customer left: the last finish at any station (everyone finishes somewhere last). Not the run's
-- end_time: people still try the door until last_try, after the last customer may have left.
local last_left = 0
for _, station in ipairs { desk, tellers, manager } do
  station:on("finish", function() last_left = shopfloor.now() end)
end

-- The manager's summary, after the last customer left (on stdout; on stderr with --format json).
local function clock(t)
  local minutes = math.floor(t / MINUTE + 0.5)
  return ("%02d:%02d"):format(OPENING + minutes // 60, minutes % 60)
end
local function minutes(seconds) return ("%.1f min"):format(seconds / MINUTE) end

shopfloor.on("end", function(day)
  local all = day.journeys["*"]
  print(("The day: door open 09:00-%s, the last customer left at %s."):format(clock(closing), clock(last_left)))
  print(("Customers served: %d; turned away at the closed door: %d."):format(all.completed, day.refused or 0))
  for _, station in ipairs { "reception", "tellers", "manager" } do
    local s = day.stations[station]
    print(("  %-10s %4d visits, wait mean %s, 95 %% under %s, busy %3.0f %%"):format(
      station, s.served, minutes(s.wait.mean), minutes(s.wait.p95), 100 * s.utilization))
  end
  print(("  deposit waits %s, loan waits %s (mean)%s"):format(minutes(day.classes["tellers.deposit"].mean_wait),
    minutes(day.classes["tellers.loan"].mean_wait), p.lunch and "; one deposit teller at lunch 12:00-13:00" or ""))
  print(("Time in the bank, door to exit: mean %s, 95 %% under %s."):format(
    minutes(all.time_in_system.mean), minutes(all.time_in_system.p95)))
end)
