/// Runtime state of one arrival process. Hot fields for the built-in Poisson process are plain values.
struct ArrivalSource {
    let name: String
    /// Mean gap (1/rate) for the built-in process; unused for a generator. A reload may change it
    /// (``Simulation/changeArrivals(named:to:)``).
    var meanGap: Double
    /// The built-in process's task mix: a range of `Simulation.mixTasks` / `mixCumulative`; a reload may move it.
    var mixRange: Range<Int>
    let generator: CustomerGenerator?
    /// `generator == nil`, as a plain flag (testing an optional closure costs a retain).
    let isBuiltin: Bool
    var rng: Xoshiro256StarStar
    /// Whether arrivals are flowing.
    var active = false
    /// Bumped on every stop, so an arrival event scheduled before the stop is recognised and ignored.
    var epoch: UInt32 = 0
    /// Set while the next arrival is being drawn; still set after a throwing generator, so it is retried.
    var needsNext = false
    /// The drawn next arrival of the built-in process.
    var pendingTask: Int32 = 0
    /// The drawn next arrival of a generator.
    var pending: GeneratedArrival?
    /// The generator's drawn next arrival is one plain customer (no priority, patience or attributes) of
    /// task `pendingTask`, kept out of `pending`: no enum payload copies per arrival (bank-open policies=lua).
    var pendingPlain = false
    /// The batch generator, if this source has one (then `generator` is nil and `isBuiltin` false).
    var batch: CustomerBatchGenerator? { didSet { isBatch = batch != nil } }
    /// `batch != nil`, as a plain flag (testing an optional closure costs a retain).
    var isBatch = false
    /// The batch drawn ahead: gaps and task indices; `batchNext..<batchCount` are still to come.
    var batchGaps: [Double] = []
    var batchTasks: [Int32] = []
    var batchNext = 0
    var batchCount = 0
    /// The generator wrote fewer than asked: the stream ends once the batch is used up.
    var batchEnds = false
}
