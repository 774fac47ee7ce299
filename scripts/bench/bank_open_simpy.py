#!/usr/bin/env python3
"""The bank-open benchmark scenario written idiomatically in SimPy, for comparison with
`shopfloor run scripts/bank_open.lua` (see scripts/bench/bank-open).

Poisson arrivals (rate 2.0/s); each customer wants a deposit with probability 2/3, else a loan;
2 deposit tellers (exponential service, mean 0.7 s) and 1 loan teller (mean 1.1 s), each pool a
`simpy.Resource` (FIFO); one process per customer; the run stops at the N-th service completion.

    python3 scripts/bench/bank_open_simpy.py 200000      # prints one line: customers, seconds, customers/s
"""
import random
import sys
import time

import simpy

ARRIVAL_RATE = 2.0
DEPOSIT_SHARE = 2 / 3
DEPOSIT_TELLERS, DEPOSIT_MEAN = 2, 0.7
LOAN_TELLERS, LOAN_MEAN = 1, 1.1


def customer(env, pool, mean, stats, done):
    arrived = env.now
    with pool.request() as request:
        yield request
        stats["wait"] += env.now - arrived
        yield env.timeout(random.expovariate(1 / mean))
    stats["served"] += 1
    if stats["served"] == stats["target"]:
        done.succeed()


def arrivals(env, deposit, loan, stats, done):
    while True:
        yield env.timeout(random.expovariate(ARRIVAL_RATE))
        if random.random() < DEPOSIT_SHARE:
            env.process(customer(env, deposit, DEPOSIT_MEAN, stats, done))
        else:
            env.process(customer(env, loan, LOAN_MEAN, stats, done))


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    random.seed(1)
    env = simpy.Environment()
    deposit = simpy.Resource(env, capacity=DEPOSIT_TELLERS)
    loan = simpy.Resource(env, capacity=LOAN_TELLERS)
    stats = {"served": 0, "wait": 0.0, "target": n}
    done = env.event()
    start = time.perf_counter()
    env.process(arrivals(env, deposit, loan, stats, done))
    env.run(until=done)
    elapsed = time.perf_counter() - start
    print(f"{n} {elapsed:.3f} {n / elapsed:.0f}  (mean wait {stats['wait'] / n:.2f} s, end time {env.now:.0f} s)")


if __name__ == "__main__":
    main()
