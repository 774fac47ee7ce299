-- scripts/stock_rules.lua: restock rules for the juice bar.
--
-- A rule is a function the core calls after every change of a fruit's count (an order taking it,
-- the stock editor, a delivery) — or, if it was installed with `{ below = level }`, only while the
-- fruit is below that level: rule(fruit, count, pending), where `pending` is what is already on
-- its way. An order found short changes no count, so the core also calls every rule, whatever its
-- level, for each fruit the order was short of: rule(fruit, count, pending, need), `need` the units
-- the order asked for (nil on the other calls). Both rules here reorder then when nothing on its way
-- would cover it: without that, a fruit left above the reorder point but below a recipe's need (or
-- opening below the point and never taken) was never reordered, and every such order failed.
-- To restock, it returns `amount, lead_time` (or calls stock:restock itself); returning
-- nothing orders nothing. Rules cannot touch counts: orders go through the core, which caps each
-- delivery at the shelf's capacity. An error in a rule stops the run with its file:line; the change
-- that called it has fully happened, so the stock stays consistent.
--
-- The plugins stock_rule/reorder_point and stock_rule/demand_forecast (scripts/plugins/) build these.
local M = {}

--- Reorder point (s, S): when a fruit falls below `reorder_point` with nothing on its way, order it
--- back up to `order_up_to`, delivered after `lead_time` seconds. An order found short of the fruit
--- (`need` given) with nothing on its way orders too, even at s or above: up to S, or up to `need`
--- if S is less (reorder point 1, a recipe needing 3 and 2 left: the order can never be made, and
--- the count never falls below 1 to trigger the rule).
--- Returns the rule and its options: `{ below = s }` tells the core the rule orders nothing for a fruit
--- at s or above as stock runs down, so it is only called below s then (stock:rule(M.reorder_point(100,
--- 400, 20)) passes both).
function M.reorder_point(s, S, lead_time)
  return function(fruit, count, pending, need)
    if pending == 0 and (count < s or (need and count < need)) then
      return math.max(S, need or 0) - count, lead_time
    end
  end, { below = s }
end

--- Demand forecast: learns how fast each fruit is really used (an exponentially weighted rate of the
--- units orders took) and reorders when what is on hand and on its way would not last the lead time
--- plus a safety margin; it orders enough for `cover` seconds of that demand. A popular fruit gets
--- big, early orders; a fruit nobody wants stops being bought. Rules are scripts so that this kind
--- of judgement — state, history, business sense — needs no rebuild.
function M.demand_forecast(lead_time, cover, safety, half_life)
  local last_count, last_time, rate = {}, {}, {}
  local now = shopfloor.now
  return function(fruit, count, pending, need)
    -- An order found short: no count changed, so there is nothing to learn; if what is on hand and on
    -- its way cannot cover the order, order at least the difference (a fruit never taken has no rate,
    -- and would otherwise never be bought however often its orders fail).
    if need then
      if count + pending < need then
        return math.max(need - count - pending, math.ceil((rate[fruit] or 0) * cover)), lead_time
      end
      return
    end
    local t = now()
    local before = last_count[fruit]
    if before and count < before then
      -- Units taken since the last change, spread over the time since then, blended into the rate.
      local dt = math.max(t - last_time[fruit], 1e-9)
      local w = 1 - 0.5 ^ (dt / half_life)
      rate[fruit] = (1 - w) * (rate[fruit] or 0) + w * (before - count) / dt
    end
    last_count[fruit], last_time[fruit] = count, t
    local r = rate[fruit] or 0
    if r > 0 and count + pending < r * (lead_time + safety) then
      return math.max(1, math.ceil(r * cover)), lead_time
    end
  end
end

return M
