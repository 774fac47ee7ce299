-- scripts/bank_console.lua: the seed's console app — a menu, a day at the bank, the menu again.
--
--   shopfloor run scripts/bank_console.lua                 # interactive
--   printf '1\n2\n' | shopfloor run scripts/bank_console.lua --set lang=ko
--
-- 1 opens the bank: 10 to 30 customers, served by two deposit tellers and one loan teller, each
-- start and finish announced, then the day's closing line. 2 quits; anything else is refused with
-- a message and the menu comes back. End of input quits too (exit code 0).

local p = shopfloor.params {
  lang = { default = "en", choices = { "en", "ko" }, description = "language of the menu and the lines" },
  min_customers = { default = 10, min = 0, description = "fewest customers in a day" },
  max_customers = { default = 30, min = 0, description = "most customers in a day" },
}
local say = require("messages." .. p.lang)
-- A console program: its menu and its days are the whole output (no summary table after
-- "Goodbye.", no closing line for a day that never opened).
shopfloor.summary(false)

local bank = shopfloor.counter "bank"
bank:task { name = "deposit", service = shopfloor.fixed(0.7) }
bank:task { name = "loan", service = shopfloor.fixed(1.1) }
bank:tellers { skill = "deposit", count = 2 }
bank:tellers { skill = "loan", count = 1 }
bank:on("start", function(c) print(say.start(c)) end)
bank:on("finish", function(c) print(say.finish(c)) end)
shopfloor.on("close", function(day) print(say.close(day)) end)

local customers = shopfloor.rng "customers"

local function open_the_bank()
  bank:reset()                      -- a new day: numbering and clock start again
  for _ = 1, customers:int(p.min_customers, p.max_customers) do
    bank:arrive(customers:pick { "deposit", "loan" })
  end
  bank:run()                        -- until every customer is done
end

while true do
  local choice = shopfloor.read_line(say.menu)
  if choice == nil then break end   -- end of input
  choice = choice:match("^%s*(.-)%s*$")
  if choice == "1" then
    open_the_bank()
  elseif choice == "2" then
    print(say.bye)
    break
  else
    print(say.bad_choice(choice))
  end
end
