-- stock_rule/reorder_point: the classic (s, S) rule — below s with nothing on its way, order up to S.
shopfloor.plugin {
  kind = "stock_rule",
  name = "reorder_point",
  description = "When a fruit falls below reorder_point with no delivery pending, order it up to order_up_to",
  params = {
    reorder_point = { default = 100, min = 0, description = "reorder when a fruit falls below this count" },
    order_up_to = { default = 400, min = 1, description = "order enough to bring the fruit back to this count" },
    lead_time = { default = 20.0, min = 0, description = "seconds from order to delivery" },
  },
  build = function(params, stock)
    -- Errors at level 3: the scenario's line calling shopfloor.use (level 2 is `use` itself, which has no line).
    -- Below s the rule orders S - count: with S < s that would be a negative order at the first restock.
    if params.order_up_to < params.reorder_point then
      error(("stock_rule/reorder_point: order_up_to (%d) must not be less than reorder_point (%d)"):format(params.order_up_to, params.reorder_point), 3)
    end
    -- A shelf that holds less than s never gets back to s: every delivery would leave the fruit below it.
    for _, fruit in ipairs(stock:items()) do
      local capacity = stock:capacity(fruit)
      if capacity and params.reorder_point > capacity then
        error(("stock_rule/reorder_point: reorder_point (%d) is above the capacity of '%s' (%d): its count can never reach it, so every delivery would be followed by another order"):format(params.reorder_point, fruit, capacity), 3)
      end
    end
    stock:rule(require("stock_rules").reorder_point(params.reorder_point, params.order_up_to, params.lead_time))
  end,
}
