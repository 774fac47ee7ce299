/// Each waiting line's current length, in memory that never moves: for bindings that read a length
/// without calling back into Swift (the scripting layer's C `__len` for line objects).
///
/// Performance: `#line` in a Lua teller policy was a Lua→Swift call (~100 ns with the argument check);
/// reading this cell from C costs a plain load (bank-open, policies=lua; scripts/bench/bank-open).
/// Each cell is allocated on its own, so adding a line never moves the others. The simulation keeps
/// every cell equal to ``Simulation/length(ofLine:)`` after each change.
///
/// ```swift
/// if let (owner, address) = simulation.lengthAddress(ofLine: 0) { /* keep owner, read address.pointee */ }
/// ```
public final class LineLengths {
    let cells = UnsafeList<UnsafeMutablePointer<Int>>()
    /// Cells of lines a snapshot restore took away: never freed before this object, because C code may
    /// still hold their addresses (a Lua line object kept in a global); reused, in order, by new lines.
    let retired = UnsafeList<UnsafeMutablePointer<Int>>()

    init() {}

    deinit {
        for i in cells.indices { cells[i].deallocate() }
        for i in retired.indices { retired[i].deallocate() }
    }

    /// Adds a cell for a new line (length 0).
    func append() {
        let cell = retired.popLast() ?? UnsafeMutablePointer<Int>.allocate(capacity: 1)
        cell.initialize(to: 0)
        cells.append(cell)
    }

    /// Keeps exactly `count` cells (a snapshot restore): extra cells are zeroed and retired, missing ones added.
    func resize(to count: Int) {
        while cells.count > count, let cell = cells.popLast() {
            cell.pointee = 0
            retired.append(cell)
        }
        while cells.count < count { append() }
    }

    /// - Complexity: O(1).
    @inline(__always)
    func set(_ line: Int, _ length: Int) { cells[line].pointee = length }
}

extension Simulation {
    /// The address of line `line`'s current length (always equal to ``length(ofLine:)``), and the object
    /// that owns that memory: the address stays valid while `owner` is retained, even after the simulation
    /// is gone. `nil` for an unknown line.
    public func lengthAddress(ofLine line: Int) -> (owner: AnyObject, address: UnsafePointer<Int>)? {
        guard lineLengths.cells.indices.contains(line) else { return nil }
        return (lineLengths, UnsafePointer(lineLengths.cells[line]))
    }

    /// Publishes line `l`'s length to its stable cell (after every change of its count).
    @inline(__always)
    func publishLength(_ l: Int) { lineLengths.set(l, lineStore[l].count) }
}
