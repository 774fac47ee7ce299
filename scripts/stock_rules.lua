-- scripts/stock_rules.lua: restock rules for the juice bar.
--
-- A rule is a function the core calls after every change of a fruit's count (an order taking it,
-- the stock editor, a delivery) — or, if it was installed with `{ below = level }`, only while the
-- fruit is below that level: rule(fruit, count, pending), where `pending` is what is already on
-- its way. To restock, it returns `amount, lead_time` (or calls stock:restock itself); returning
-- nothing orders nothing. Rules cannot touch counts: orders go through the core, which caps each
-- delivery at the shelf's capacity. An error in a rule stops the run with its file:line; the change
-- that called it has fully happened, so the stock stays consistent.
--
-- The plugins stock_rule/reorder_point and stock_rule/demand_forecast (scripts/plugins/) build these.
local M = {}

--- Reorder point (s, S): when a fruit falls below `reorder_point` with nothing on its way, order it
--- back up to `order_up_to`, delivered after `lead_time` seconds.
--- Returns the rule and its options: `{ below = s }` tells the core the rule orders nothing for a fruit
--- at s or above, so it is only called below s (stock:rule(M.reorder_point(100, 400, 20)) passes both).
function M.reorder_point(s, S, lead_time)
  return function(fruit, count, pending)
    if count < s and pending == 0 then
      return S - count, lead_time
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
  return function(fruit, count, pending)
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
