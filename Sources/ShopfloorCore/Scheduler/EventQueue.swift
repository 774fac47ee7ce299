/// A 4-ary min-heap of ``Event``s ordered by `(time, sequence)`.
///
/// Why not `HeapModule.Heap`: that is a min-max heap (it keeps both ends cheap), which costs extra
/// comparisons per level; a scheduler only ever needs the minimum. A 4-ary heap halves the depth of a
/// binary heap and keeps the four children of a node in one or two cache lines, so sift-down (the hot
/// operation, once per event) touches fewer lines. Elements are trivial 32-byte structs in one
/// contiguous buffer: pushing and popping allocate nothing once the buffer has grown.
///
/// ```swift
/// var queue = EventQueue()
/// queue.push(Event(time: 2, sequence: 0, kind: .timer, payload: 7))
/// let first = queue.popMin()
/// ```
public struct EventQueue: Sendable {
    @usableFromInline var storage: ContiguousArray<Event> = []

    public init() {}

    /// The number of pending events.
    @inlinable public var count: Int { storage.count }
    /// Whether no event is pending.
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    /// The next event, without removing it.
    /// - Complexity: O(1).
    @inlinable public var min: Event? { storage.first }

    /// Removes every event (keeps the buffer).
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }

    /// All pending events in heap (not time) order, for invariant checks and inspection.
    public var unordered: ContiguousArray<Event> { storage }

    /// Adds an event.
    /// - Complexity: O(log₄ n).
    @inlinable
    public mutating func push(_ event: Event) {
        storage.append(event)
        storage.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) >> 2
                guard Event.precedes(event, heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = event
        }
    }

    /// Removes and returns the earliest event.
    /// - Complexity: O(log₄ n).
    @inlinable
    public mutating func popMin() -> Event? {
        guard let last = storage.popLast() else { return nil }
        if storage.isEmpty { return last }
        return storage.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let n = heap.count
            var hole = 0
            while true {
                let first = 4 &* hole &+ 1
                if first >= n { break }
                var best = first
                let end = Swift.min(first &+ 4, n)
                var c = first &+ 1
                while c < end {
                    if Event.precedes(heap[c], heap[best]) { best = c }
                    c &+= 1
                }
                guard Event.precedes(heap[best], last) else { break }
                heap[hole] = heap[best]
                hole = best
            }
            heap[hole] = last
            return top
        }
    }

    /// Checks the heap property (every parent precedes its children); a violation is a bug.
    /// - Complexity: O(n).
    public func checkInvariants() {
        for i in 1..<Swift.max(storage.count, 1) {
            precondition(!Event.precedes(storage[i], storage[(i - 1) >> 2]), "event heap out of order at \(i)")
        }
    }
}
