extension Int {
    /// `self + other`, held at `Int.max` (or `Int.min`) instead of overflowing: for statistics counters that a
    /// script can push past any bound (units lost, refused, delivered of an item stocked near `math.maxinteger`).
    /// A counter that reached `Int.max` reads as "at least this many".
    @inline(__always)
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self += other`, saturating; see ``saturatingAdd(_:)``.
    @inline(__always)
    mutating func saturatingIncrease(by other: Int) {
        self = saturatingAdd(other)
    }
}
