-- scripts/juice.lua: the juice bar simulation — customers, juice makers, fruit stock, restock rules.
--
--   shopfloor run scripts/juice.lua                                   # 1,000 orders, a summary table
--   shopfloor run scripts/juice.lua --format json                     # stock and orders in the JSON too
--   shopfloor run scripts/juice.lua --use stock_rule=demand_forecast  # another restock rule
--   shopfloor run scripts/juice.lua --set verbose=true --set orders=20   # every order, as it happens
--   shopfloor run scripts/juice.lua --live --speed 10 --watch         # the live screen; edit recipes.lua meanwhile
--
-- Customers arrive at random (Poisson, arrival_rate per second), each ordering one juice from the
-- recipe book (equally likely unless `mix` below says otherwise) and waiting in one line. A free juice
-- maker takes the longest-waiting order and checks the recipe: if every fruit is there, all of it is
-- taken at once and the juice takes an exponential prep time (mean prep_mean); if anything is short,
-- nothing is taken and the order fails at once (a lost sale). After every change of stock the stock
-- rule decides about restocking (by default: below reorder_point with nothing on its way, order up to
-- order_up_to, delivered lead_time seconds later). The run stops when `orders` orders are decided.
--
-- With its defaults this is exactly the `juice-bar` benchmark model (scripts/bench/juice-bar).

local p = shopfloor.params {
  orders = { default = 1000, min = 1, description = "stop when this many orders are decided (made or failed)" },
  initial_stock = { default = 200, min = 0, description = "units of each fruit at opening" },
  capacity = { default = 400, min = 1, description = "most units of each fruit the shelf holds" },
  arrival_rate = { default = 1.0, min = 0, description = "customers per second" },
  makers = { default = 2, min = 1, description = "juice makers" },
  prep_mean = { default = 1.5, min = 0, description = "mean prep time of a juice (s), exponential" },
  reorder_point = { default = 100, min = 0, description = "reorder_point rule: reorder below this count" },
  order_up_to = { default = 400, min = 1, description = "reorder_point rule: order back up to this count" },
  lead_time = { default = 20.0, min = 0, description = "seconds from a restock order to its delivery" },
  verbose = { default = false, description = "print every order, restock and delivery" },
}

local bar = shopfloor.counter "juice bar"
local stock = shopfloor.stock "juice bar"

-- The fruits (scripts/juice_stock.lua), each starting at initial_stock.
for _, fruit in ipairs(require "juice_stock") do
  stock:item { name = fruit.name, count = p.initial_stock, capacity = p.capacity }
end

-- The recipes (recipe_book/seed reads scripts/recipes.lua), then the makers who make them.
shopfloor.use("recipe_book", "seed", stock)
stock:makers { count = p.makers, prep = p.prep_mean > 0 and shopfloor.exponential(p.prep_mean) or 0 }  -- 0: at once
shopfloor.use("stock_rule", "reorder_point", stock)

-- Demand: the gap (exponential, by inversion) and the juice of each customer, 256 customers per Lua
-- call (bar:generate(fn, { batch = 256 }); one per call works too: return gap, juice).
-- For another mix, give weights here, e.g. mix = { ["strawberry juice"] = 3 } (others count 1).
-- The juices are the makers' (bar:tasks(), one per recipe, in the book's order): after a reload that
-- adds or renames a recipe, a living counter's makers serve only the juices they had, and a customer
-- ordering the new one would have nobody to make it (order it by hand at the prompt instead).
local mix = {}
local juices, weights, total = {}, {}, 0
for i, juice in ipairs(bar:tasks()) do
  juices[i] = juice
  weights[i] = mix[juice] or 1
  total = total + weights[i]
end
local random, log, n, rate = math.random, math.log, #juices, p.arrival_rate
local uniform = true
for i = 1, n do if weights[i] ~= weights[1] then uniform = false end end
local function pick_juice()
  local pick, acc = random() * total, 0
  for i = 1, n do
    acc = acc + weights[i]
    if pick < acc then return juices[i] end
  end
  return juices[n]
end
if rate > 0 then  -- arrival_rate = 0: no customers (orders come only from the prompt's `order`)
  bar:generate(function(_, gaps, orders, count)
    for i = 1, count do
      if uniform then
        gaps[i] = -log(1 - random()) / rate
        orders[i] = juices[random(n)]
      else
        local juice = pick_juice()  -- drawn before the gap, as the one-per-call form did
        gaps[i] = -log(1 - random()) / rate
        orders[i] = juice
      end
    end
    return count
  end, { batch = 256 })
end

if p.verbose then
  local now = shopfloor.now
  stock:on("made", function(juice) print(("%8.2f  %s made"):format(now(), juice)) end)
  stock:on("failed", function(juice, short) print(("%8.2f  %s failed: %s"):format(now(), juice, short)) end)
  stock:on("restock", function(fruit, amount, due) print(("%8.2f  ordered %d %s, due at %.2f"):format(now(), amount, fruit, due)) end)
  stock:on("delivered", function(fruit, accepted, excess)
    print(("%8.2f  delivered %d %s%s"):format(now(), accepted, fruit, excess > 0 and (" (%d refused: shelf full)"):format(excess) or ""))
  end)
end

shopfloor.stop { orders = p.orders }

-- The live screen (scripts/juice_view.lua): stock bars, makers, deliveries, failed orders.
-- At the prompt (`shopfloor repl scripts/juice.lua`): order, stock, add_stock, menu.
require("juice_counter")(stock)

require("juice_view")(bar, stock, p)
