"""The juice-bar benchmark model in SimPy, written idiomatically (scripts/bench/juice-bar runs it).

Fruits as in the seed, each a simpy.Container (initial stock 200, capacity 400); Poisson arrivals at
rate 1.0, each ordering one of the 7 juices uniformly; 2 juice makers (a simpy.Resource, FIFO). When a
maker takes an order the recipe is checked: all ingredients are taken at once, then an exponential prep
time with mean 1.5 — or the order fails at once and nothing is taken. After every take, each fruit
below 100 with no delivery pending is reordered up to 400 with lead time 20 (a delivery beyond capacity
is capped). Stops after `orders` orders are decided (made or failed).

    python3 juice_bar_simpy.py ORDERS [SEED]   → prints: orders made failed seconds
"""
import random
import sys
import time

import simpy

FRUITS = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
RECIPES = {
    "strawberry juice": {"strawberry": 16},
    "banana juice": {"banana": 2},
    "kiwi juice": {"kiwi": 3},
    "pineapple juice": {"pineapple": 2},
    "strawberry-banana juice": {"strawberry": 10, "banana": 1},
    "mango juice": {"mango": 3},
    "mango-kiwi juice": {"mango": 2, "kiwi": 1},
}
INITIAL, CAPACITY = 200, 400
RATE, MAKERS, PREP_MEAN = 1.0, 2, 1.5
REORDER_POINT, ORDER_UP_TO, LEAD_TIME = 100, 400, 20.0


class JuiceBar:
    def __init__(self, env, orders, rng):
        self.env = env
        self.rng = rng
        self.orders = orders
        self.makers = simpy.Resource(env, capacity=MAKERS)
        self.stock = {f: simpy.Container(env, init=INITIAL, capacity=CAPACITY) for f in FRUITS}
        self.pending = {f: False for f in FRUITS}
        self.made = self.failed = 0
        self.done = env.event()

    def customers(self):
        juices = list(RECIPES)
        while True:
            yield self.env.timeout(self.rng.expovariate(RATE))
            self.env.process(self.customer(self.rng.choice(juices)))

    def customer(self, juice):
        with self.makers.request() as maker:
            yield maker
            if self.done.triggered:
                return
            recipe = RECIPES[juice]
            if all(self.stock[f].level >= n for f, n in recipe.items()):
                for f, n in recipe.items():
                    yield self.stock[f].get(n)
                self.made += 1
                self.reorder()
                self.decided()
                yield self.env.timeout(self.rng.expovariate(1 / PREP_MEAN))
            else:
                self.failed += 1
                self.decided()

    def decided(self):
        if self.made + self.failed == self.orders and not self.done.triggered:
            self.done.succeed()

    def reorder(self):
        for f in FRUITS:
            if self.stock[f].level < REORDER_POINT and not self.pending[f]:
                self.pending[f] = True
                self.env.process(self.deliver(f, ORDER_UP_TO - self.stock[f].level))

    def deliver(self, fruit, amount):
        yield self.env.timeout(LEAD_TIME)
        room = CAPACITY - self.stock[fruit].level
        if min(amount, room) > 0:
            yield self.stock[fruit].put(min(amount, room))
        self.pending[fruit] = False


def main():
    orders = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    env = simpy.Environment()
    bar = JuiceBar(env, orders, random.Random(seed))
    env.process(bar.customers())
    env.run(until=bar.done)
    elapsed = time.perf_counter() - start
    print(orders, bar.made, bar.failed, f"{elapsed:.3f}")


if __name__ == "__main__":
    main()
