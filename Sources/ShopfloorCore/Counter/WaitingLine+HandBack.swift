extension WaitingLine {
    /// Puts a live ticket back into its priority class before the first ticket whose customer has a higher number
    /// (`number(ticket)`): a customer handed back by a teller who left rejoins ahead of everyone who arrived after
    /// them — the head of the line under FIFO — and the class stays FIFO by number.
    /// - Complexity: O(n) — only when a teller leaves mid-service (``TellerLeaving/handBack``).
    mutating func insertByNumber(_ ticket: UInt64, priority: Int32, at now: Double, number: (UInt64) -> Int) {
        let c = classIndex(for: priority)
        let mine = number(ticket)
        let at = classes[c].tickets.firstIndex { number($0) > mine } ?? classes[c].tickets.count
        classes[c].tickets.insert(ticket, at: at)
        count &+= 1
        length.set(Double(count), at: now)
    }
}
