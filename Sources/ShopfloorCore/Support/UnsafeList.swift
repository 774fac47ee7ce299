/// A growable array with reference semantics, addressed in place without copy-on-write checks.
///
/// Performance: the simulation's hot state lives in these instead of `Array`s stored in the class, because
/// every write through a class-stored `Array` (`tellers[t].busy = true`) costs a uniqueness check and a
/// copy-on-write branch; these write straight through a pointer. In the bank-open benchmark (see
/// the core tests' `BankOpenModel`, release) this took ~305 → ~250 ns per customer. Bounds are still checked.
/// Only the simulation holds them and never shares them, so reference semantics are unobservable.
final class UnsafeList<Element> {
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    init(capacity: Int = 8) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    convenience init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.init(capacity: elements.underestimatedCount)
        for element in elements { append(element) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    /// - Complexity: O(1).
    @inline(__always)
    subscript(index: Int) -> Element {
        unsafeAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of range")
            return UnsafePointer(base + index)
        }
        unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index \(index) out of range")
            return base + index
        }
    }

    /// - Complexity: amortised O(1).
    @inline(__always)
    func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    /// - Complexity: O(1).
    @inline(__always)
    func popLast() -> Element? {
        guard count > 0 else { return nil }
        count &-= 1
        return (base + count).move()
    }

    private func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// - Complexity: O(n).
    func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// The elements, copied into an array.
    var array: [Element] { Array(UnsafeBufferPointer(start: base, count: count)) }
}
