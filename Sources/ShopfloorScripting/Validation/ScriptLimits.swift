/// The largest sizes a script may ask the host for, checked before anything is allocated.
///
/// `--memory-limit` caps what Lua allocates; these cap what the host allocates because a script
/// said so (`tellers { count = 1e9 }` once took 4.5 GB). Each is far beyond a real counter and
/// small enough that the host stays within a few hundred megabytes. Documented in
/// `docs/lua-api.md` ("Limits"); an error names the key, the value and the maximum.
enum ScriptLimits {
    /// Tellers in a counter, all pools together (makers included).
    static let tellers = 100_000
    /// Counters (stations) in a world.
    static let stations = 1_000
    /// Tasks (each with its waiting line and two wait histograms of ~220 KB), makers' juices included.
    static let tasks = 1_000
    /// Customers a generator may return as one group (`gap, { task, … }`).
    static let group = 1 << 20
    /// Arrivals per batch-generator call (`generate(fn, { batch = n })`): two tables of n entries.
    static let batch = 1 << 20
    /// Fruits in a stock.
    static let stockItems = 10_000
    /// Recipes in a stock.
    static let recipes = 10_000
    /// Counts that allocate nothing but are added up (stock units, capacities, served, orders, priorities):
    /// 10^15 keeps every sum exact in a Lua float and far from integer overflow.
    static let count = 1_000_000_000_000_000
}

extension ScriptLimits {
    /// A customer's priority class: the core keeps it in 32 bits.
    static let priority = Int(Int32.min)...Int(Int32.max)
}
