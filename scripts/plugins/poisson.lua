-- customer_generator/poisson: customers arrive at random, at a steady average rate.
-- Built into the core (no Lua call per arrival): exponential gaps, tasks drawn from the mix.
shopfloor.plugin {
  kind = "customer_generator",
  name = "poisson",
  description = "Poisson arrivals at arrival_rate per second; each task weighted by the mix given to build",
  params = {
    arrival_rate = { default = 2.0, min = 0, description = "customers per second" },
  },
  -- mix: { task = weight, … }; by default every task of the counter equally.
  build = function(params, counter, mix)
    if not mix then
      mix = {}
      for _, task in ipairs(counter:tasks()) do mix[task] = 1 end
    end
    counter:arrivals { rate = params.arrival_rate, mix = mix }
  end,
}
