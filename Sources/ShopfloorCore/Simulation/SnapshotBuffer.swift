/// A class-held buffer of ``Simulation`` (an ``UnsafeList``, the customer table, the line lengths): copying a
/// reference would share it, so a snapshot copies these element by element instead.
///
/// Restoring writes the saved contents back into the *live* object (never swaps objects), so addresses handed
/// out before (``Simulation/lengthAddress(ofLine:)``, read by C) stay valid.
protocol SnapshotBuffer: AnyObject {
    /// A new buffer with the same contents.
    func copy() -> Self
    /// Makes this buffer's contents equal to `other`'s, keeping this object (and its memory where it can).
    func assign(from other: Self)
}

/// One class-held buffer of `Root`, found by key path: what a snapshot copies and a restore writes back.
struct BufferField<Root> {
    /// A copy of the buffer's contents in a new object.
    let copy: (Root) -> AnyObject
    /// Writes a copy's contents back into the live buffer.
    let assign: (Root, AnyObject) -> Void
    /// The live buffer (for the coverage test).
    let object: (Root) -> AnyObject

    init<Buffer: SnapshotBuffer>(_ keyPath: KeyPath<Root, Buffer>) {
        copy = { $0[keyPath: keyPath].copy() }
        assign = { root, saved in root[keyPath: keyPath].assign(from: saved as! Buffer) }
        object = { $0[keyPath: keyPath] }
    }
}

extension UnsafeList: SnapshotBuffer {
    func copy() -> Self { Self(array) }
    func assign(from other: UnsafeList<Element>) { replaceAll(with: other.array) }
}

extension CustomerTable: SnapshotBuffer {
    func copy() -> Self {
        let copy = Self()
        copy.contents = contents
        return copy
    }
    func assign(from other: CustomerTable) { contents = other.contents }
}

extension LineLengths: SnapshotBuffer {
    /// A copy of the cell values (new cells: a saved copy is never read by C).
    func copy() -> Self {
        let copy = Self()
        for i in cells.indices { copy.append(); copy.set(i, cells[i].pointee) }
        return copy
    }
    /// Resizes (retiring or adding cells, never freeing one C may hold) and copies the values.
    func assign(from other: LineLengths) {
        resize(to: other.cells.count)
        for i in cells.indices { set(i, other.cells[i].pointee) }
    }
}
