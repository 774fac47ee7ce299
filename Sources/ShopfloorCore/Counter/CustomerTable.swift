/// A slab of ``CustomerRecord``s with a free list: customers in the system live here, addressed by slot.
///
/// A slot is freed the moment its customer leaves, so memory is bounded by the most customers ever in the
/// system at once, never by how many have passed through (peak RSS does not grow with N). Each slot has a
/// generation that is bumped on release; line entries and renege events carry `(slot, generation)` and are
/// ignored when it no longer matches — that is how cancellation stays O(1) and lazy.
final class CustomerTable {
    let records = UnsafeList<CustomerRecord>(capacity: 64)
    let free = UnsafeList<Int32>(capacity: 64)
    /// Attributes live aside, touched only for customers that have some.
    @exclusivity(unchecked) var attributes: [Int32: [String: AttributeValue]] = [:]
    /// Customers currently in the system.
    @exclusivity(unchecked) var inUseCount = 0

    init() {}

    /// Stores a new customer and returns its slot.
    /// - Complexity: amortised O(1); allocation-free once the slab has grown.
    @inline(__always)
    func insert(_ record: CustomerRecord) -> Int32 {
        inUseCount &+= 1
        if let slot = free.popLast() {
            let generation = records[Int(slot)].generation
            records[Int(slot)] = record
            records[Int(slot)].generation = generation
            return slot
        }
        records.append(record)
        return Int32(records.count - 1)
    }

    /// Frees a slot (the customer left); its generation changes so old references go stale.
    /// - Complexity: O(1).
    @inline(__always)
    func release(_ slot: Int32) {
        let i = Int(slot)
        precondition(records[i].inUse, "customer slot \(slot) released twice")
        if records[i].hasAttributes { attributes[slot] = nil }
        records[i].inUse = false
        records[i].hasAttributes = false
        records[i].generation &+= 1
        free.append(slot)
        inUseCount &-= 1
    }

    /// A line entry / event payload for `slot`: the slot in the high 32 bits, its generation in the low ones.
    @inline(__always)
    func ticket(_ slot: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: slot)) << 32 | UInt64(records[Int(slot)].generation)
    }

    /// The slot of `ticket` if it still refers to a customer in `state`, else `nil` (stale).
    @inline(__always)
    func slot(of ticket: UInt64, in state: CustomerState) -> Int32? {
        let slot = Int32(bitPattern: UInt32(truncatingIfNeeded: ticket >> 32))
        let i = Int(slot)
        guard records[i].inUse, records[i].generation == UInt32(truncatingIfNeeded: ticket), records[i].state == state else {
            return nil
        }
        return slot
    }

    /// Drops everything (``Simulation/reset()``); keeps the buffers.
    func removeAll() {
        records.removeAll()
        free.removeAll()
        attributes.removeAll()
        inUseCount = 0
    }
}
