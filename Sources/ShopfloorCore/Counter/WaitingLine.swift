import DequeModule

/// One waiting line: FIFO per priority class (higher class first), optional capacity, lazy removal.
///
/// Entries are customer tickets (`slot << 32 | generation`, see `CustomerTable`) in `Deque`s (ring buffers:
/// O(1) at both ends, no per-customer allocation). A customer who reneges is not searched for and removed:
/// their ticket goes stale and is skipped when it reaches the head, so cancelling is O(1). ``count`` excludes
/// stale tickets. The line does not know the customer table; the simulation tells it which tickets are live
/// (see `Simulation+Lines.swift`). Most lines have one class, so the class array usually holds one deque.
///
/// ```swift
/// let line = WaitingLine(name: "deposit", capacity: 20)
/// line.isFull            // false
/// ```
public struct WaitingLine: Sendable {
    /// The line's (and its task's) name.
    public let name: String
    /// Most customers allowed to wait; `Int.max` means unlimited. An arrival finding it full balks.
    public let capacity: Int
    /// Customers waiting (stale entries excluded).
    public internal(set) var count = 0
    /// Tickets whose customer already left (reneged); purged at the head or by compaction.
    public internal(set) var staleCount = 0
    /// Time-weighted number waiting.
    public internal(set) var length: TimeWeighted
    /// Priority classes, highest priority first.
    var classes: ContiguousArray<PriorityClass>

    struct PriorityClass: Sendable {
        var priority: Int32
        var tickets: Deque<UInt64>
        init(priority: Int32) {
            self.priority = priority
            self.tickets = Deque(minimumCapacity: 16)
        }
    }

    public init(name: String, capacity: Int = .max) {
        self.name = name
        self.capacity = capacity
        self.classes = [PriorityClass(priority: 0)]
        self.length = TimeWeighted(start: 0, value: 0)
    }

    /// Whether nobody waits.
    public var isEmpty: Bool { count == 0 }
    /// Whether an arrival would balk.
    public var isFull: Bool { count >= capacity }
    /// Whether stale tickets outnumber live ones enough to be worth a compaction (keeps memory O(live)).
    var needsCompaction: Bool { staleCount > 64 && staleCount > count }

    /// Appends a live ticket at the back of its priority class.
    /// - Complexity: amortised O(1) (plus O(classes) the first time a new priority appears).
    @inline(__always)
    mutating func append(_ ticket: UInt64, priority: Int32, at now: Double) {
        let c = classes[0].priority == priority ? 0 : classIndex(for: priority)
        classes[c].tickets.append(ticket)
        count &+= 1
        length.set(Double(count), at: now)
    }

    mutating func classIndex(for priority: Int32) -> Int {
        var i = 0
        while i < classes.count, classes[i].priority > priority { i &+= 1 }
        if i < classes.count, classes[i].priority == priority { return i }
        classes.insert(PriorityClass(priority: priority), at: i)
        return i
    }

    /// Removes and returns the front ticket (highest class first), live or stale.
    /// - Complexity: O(1) for a single class.
    @inline(__always)
    mutating func popFirstTicket() -> UInt64? {
        if let ticket = classes[0].tickets.popFirst() { return ticket }
        var c = 1
        while c < classes.count {
            if let ticket = classes[c].tickets.popFirst() { return ticket }
            c &+= 1
        }
        return nil
    }

    /// The front ticket (highest class first), live or stale, without removing it.
    func firstTicket() -> UInt64? {
        for c in classes { if let ticket = c.tickets.first { return ticket } }
        return nil
    }

    /// Removes and returns the back ticket of a class (live or stale).
    mutating func popLastTicket(priority: Int32) -> UInt64? {
        guard let c = classes.firstIndex(where: { $0.priority == priority }) else { return nil }
        return classes[c].tickets.popLast()
    }

    /// Removes a specific ticket wherever it stands; returns whether it was there.
    /// - Complexity: O(n) — only for policies that choose a customer by number.
    mutating func removeTicket(_ ticket: UInt64) -> Bool {
        for c in classes.indices {
            if let i = classes[c].tickets.firstIndex(of: ticket) {
                classes[c].tickets.remove(at: i)
                return true
            }
        }
        return false
    }

    /// A live customer left the line (taken by a teller, or removed): one fewer waiting.
    @inline(__always)
    mutating func didRemoveLive(at now: Double) {
        count &-= 1
        length.set(Double(count), at: now)
    }

    /// A stale ticket was popped and dropped.
    @inline(__always)
    mutating func didDropStale() { staleCount &-= 1 }

    /// A waiting customer left without service; their ticket stays behind, stale.
    mutating func markLeft(at now: Double) {
        didRemoveLive(at: now)
        staleCount &+= 1
    }

    /// Keeps only the tickets `isLive` accepts.
    /// - Complexity: O(n).
    mutating func compact(keeping isLive: (UInt64) -> Bool) {
        for c in classes.indices { classes[c].tickets = Deque(classes[c].tickets.filter(isLive)) }
        staleCount = 0
    }

    /// All tickets in service order (highest class first, FIFO within), live or stale.
    var tickets: some Sequence<UInt64> { classes.lazy.flatMap(\.tickets) }

    /// Empties the line (reset); statistics restart at `now`.
    mutating func removeAll(at now: Double) {
        classes = [PriorityClass(priority: 0)]
        count = 0
        staleCount = 0
        length = TimeWeighted(start: now, value: 0)
    }
}
