-- scripts/juice_line.lua: a juice production line — orders, a blending station, a packing station, and a
-- blender that breaks down now and then.
--
--   shopfloor run scripts/juice_line.lua                              # 1,000 orders, a summary per station
--   shopfloor run scripts/juice_line.lua --set breakdowns=false       # the same line with a blender that never fails
--   shopfloor run scripts/juice_line.lua --set verbose=true --set orders=50   # every breakdown and repair
--   shopfloor run scripts/juice_line.lua --format json                # stations, journeys, stock and orders as JSON
--   shopfloor run scripts/juice_line.lua --use stock_rule=demand_forecast     # another restock rule
--
-- Orders arrive at random (Poisson, arrival_rate per second), each for one juice of the recipe book
-- (scripts/recipes.lua, equally likely). At the blending station a free blender takes the longest-waiting order
-- and its recipe, as in scripts/juice.lua: all the fruit is taken at once and the juice blends for an
-- exponential time (mean blend_mean), or, if any fruit is short, nothing is taken and the order fails at once
-- (a lost sale). The stock rule restocks (by default: below reorder_point with nothing on its way, up to
-- order_up_to, delivered lead_time seconds later). A blended juice goes on to the packing station (a route),
-- where packers pack it (exponential, mean pack_mean), and leaves. The run stops when `orders` orders are decided.
--
-- The blenders break down: a process waits an exponential time (mean up_minutes), takes the blending station
-- to 0 blenders, waits for the repair (exponential, mean repair_minutes), brings them back, and so on for
-- ever (`background = true`: the breakdowns alone never keep the line running). Orders wait meanwhile.

local p = shopfloor.params {
  orders = { default = 1000, min = 1, description = "stop when this many orders are decided (blended or failed)" },
  arrival_rate = { default = 0.4, min = 0, description = "orders per second" },
  blenders = { default = 1, min = 1, description = "blenders at the blending station" },
  blend_mean = { default = 1.5, min = 0, description = "mean seconds to blend a juice (exponential)" },
  packers = { default = 1, min = 1, description = "packers at the packing station" },
  pack_mean = { default = 1.2, min = 0, description = "mean seconds to pack a juice (exponential)" },
  initial_stock = { default = 200, min = 0, description = "units of each fruit at opening" },
  capacity = { default = 400, min = 1, description = "most units of each fruit the shelf holds" },
  breakdowns = { default = true, description = "the blenders break down now and then" },
  up_minutes = { default = 5, min = 0, description = "mean minutes between a repair and the next breakdown (exponential)" },
  repair_minutes = { default = 0.5, min = 0, description = "mean minutes a repair takes (exponential)" },
  verbose = { default = false, description = "print every breakdown and repair" },
}

-- The first counter named is where orders arrive and where the makers (the blenders) work.
local blending = shopfloor.counter "blending"
local packing = shopfloor.counter "packing"
local stock = shopfloor.stock "juice line"

-- Stock as in scripts/juice.lua: the fruits, the recipe book, the blenders as makers, the restock rule.
for _, fruit in ipairs(require "juice_stock") do
  stock:item { name = fruit.name, count = p.initial_stock, capacity = p.capacity }
end
shopfloor.use("recipe_book", "seed", stock)
local BLENDERS = stock:makers { count = p.blenders, prep = shopfloor.exponential(p.blend_mean), name = "blenders" }
shopfloor.use("stock_rule", "reorder_point", stock)

-- Every juice, once blended, goes on to packing (a failed order has no juice and just leaves).
packing:task { name = "pack", service = shopfloor.exponential(p.pack_mean) }
packing:tellers { skill = "pack", name = "packers", count = p.packers }
-- The juices are the blenders' (blending:tasks(), one per recipe): after a reload that adds or renames a
-- recipe, a living line's blenders make only the juices they had (the reload's message says so).
local juices = {}
for i, juice in ipairs(blending:tasks()) do
  juices[i] = juice
  blending:route(juice, "packing.pack")
end

-- Orders: the gap and the juice of each, from the "arrivals" stream.
if p.arrival_rate > 0 then
  blending:generate(function(rng) return rng:exp(1 / p.arrival_rate), rng:pick(juices) end)
end

-- The breakdowns. A broken blender stops at once for new orders, but the juice already in it is finished
-- (leaving = "after_service"): with "hand_back" the order would go back to the line, and since a maker takes
-- the recipe's fruit when it starts a juice, the same order's fruit would be taken a second time after the
-- repair — the stock rule would see fruit leave for an order made once. After service, each order's recipe is
-- taken exactly once, all or nothing, as everywhere else.
local function say(text)
  if p.verbose then print(("%9.2f  %s"):format(shopfloor.now(), text)) end
end
if p.breakdowns then
  local failures = shopfloor.rng "breakdowns"
  shopfloor.process(function()
    while true do
      shopfloor.wait(failures:exp(p.up_minutes * 60))
      blending:set_tellers(BLENDERS, 0, { leaving = "after_service" })
      say("the blenders break down")
      shopfloor.wait(failures:exp(p.repair_minutes * 60))
      blending:set_tellers(BLENDERS, p.blenders)
      say("the blenders are repaired")
    end
  end, { background = true })
end

shopfloor.stop { orders = p.orders }
