-- customer_generator/at_opening: the seed's morning — everybody is there when the doors open.
shopfloor.plugin {
  kind = "customer_generator",
  name = "at_opening",
  description = "min_customers to max_customers customers (a random count) waiting at opening, tasks at random",
  params = {
    min_customers = { default = 10, min = 0, description = "fewest customers at opening" },
    max_customers = { default = 30, min = 0, description = "most customers at opening" },
  },
  build = function(params, counter)
    -- Errors at level 3: the scenario's line calling shopfloor.use (level 2 is `use` itself, which has no line).
    if params.min_customers > params.max_customers then
      error(("at_opening: min_customers (%d) must not be more than max_customers (%d)")
        :format(params.min_customers, params.max_customers), 3)
    end
    local rng = shopfloor.rng "customers"
    local tasks = counter:tasks()
    for _ = 1, rng:int(params.min_customers, params.max_customers) do
      counter:arrive(rng:pick(tasks))
    end
  end,
}
