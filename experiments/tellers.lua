-- tellers.lua: fifo against cross_training at the open bank, over staffing and load. EXP is this file's
-- path: experiments/tellers.lua in the sources, PREFIX/share/shopfloor/experiments/tellers.lua installed;
-- its scenario is named relative to this file, so these run from any folder:
--   shopfloor experiment EXP              # the table, every core
--   shopfloor experiment EXP --plan       # the cells and shards, nothing run
--   shopfloor experiment EXP --shard 0/4 --out shard0.jsonl   # one shard of four
-- A cell is (grid point, plugin choice, replication r); its seed comes from (seed, r) only, so fifo and
-- cross_training see the same customers at every point (common random numbers). Sized to run in a few
-- seconds on two cores; raise customers and replications for a real study (docs/experiments.md).
return shopfloor.experiment {
  scenario = "../scripts/bank_open.lua",
  seed = 1,                                                   -- base seed
  params = { customers = 5000, deposit_tellers = { 2, 3 },    -- a list is a factor of the grid
             arrival_rate = shopfloor.range(1.6, 2.2, 0.2) },
  use = { teller_policy = { "fifo", "cross_training" } },     -- plugin choices, crossed with params
  replications = 20,                                          -- or { min = 10, max = 1000, batch = 10 }
  precision = { relative = 0.02, confidence = 0.95, on = "classes.loan.mean_wait" },
  measure = { "classes.*.mean_wait", "classes.*.p95_wait", "pools.*.utilization" },
  compare = { by = "teller_policy", baseline = "fifo" },      -- paired differences per grid point
}
