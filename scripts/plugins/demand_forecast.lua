-- stock_rule/demand_forecast: reorder from the demand actually seen, not from fixed levels.
shopfloor.plugin {
  kind = "stock_rule",
  name = "demand_forecast",
  description = "Learns each fruit's usage rate; reorders when stock would not last lead_time + safety, for cover seconds of demand",
  params = {
    lead_time = { default = 20.0, min = 0, description = "seconds from order to delivery" },
    cover = { default = 60.0, min = 1, description = "seconds of forecast demand each order covers" },
    safety = { default = 10.0, min = 0, description = "seconds of demand kept in hand beyond the lead time" },
    half_life = { default = 30.0, min = 0.001, description = "seconds after which old demand counts half" },
  },
  build = function(params, stock)
    stock:rule(require("stock_rules").demand_forecast(params.lead_time, params.cover, params.safety, params.half_life))
  end,
}
