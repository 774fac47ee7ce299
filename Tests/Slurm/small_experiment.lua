-- A small experiment for the Slurm check in the tests (Tests/ShopfloorCLITests/SlurmClusterTests.swift
-- runs scripts/slurm/check with it): 2 staffing levels × 2 policies × 6 replications = 24 cells of 300
-- customers each, a few seconds on one core. Split into 3 shards on a single-node Slurm cluster, merged,
-- it must print the same bytes as `shopfloor experiment Tests/Slurm/small_experiment.lua --jobs 1`.
return shopfloor.experiment {
  scenario = "../../scripts/bank_open.lua",
  seed = 1,
  params = { customers = 300, deposit_tellers = { 2, 3 } },
  use = { teller_policy = { "fifo", "cross_training" } },
  replications = 6,
  measure = { "classes.*.mean_wait", "classes.*.p95_wait" },
  compare = { by = "teller_policy", baseline = "fifo" },
}
