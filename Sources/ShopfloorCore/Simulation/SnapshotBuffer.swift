/// A class-held buffer inside a state group (``CounterState``, ``StockState``, ``RunState``): copying the group
/// copies the reference, not the contents, so a snapshot copies these element by element instead.
///
/// Restoring writes the saved contents back into the *live* object (never swaps objects), so addresses handed
/// out before (``Simulation/lengthAddress(ofLine:)``, read by C) stay valid.
protocol SnapshotBuffer: AnyObject {
    /// A new buffer with the same contents.
    func copy() -> Self
    /// Makes this buffer's contents equal to `other`'s, keeping this object (and its memory where it can).
    func assign(from other: Self)
}

/// One class-held buffer of a state group, found by key path: what ``SnapshottedGroup`` copies and writes back.
struct BufferField<Group> {
    let replaceWithCopy: (inout Group) -> Void
    let keepLive: (_ restored: inout Group, _ live: Group, _ saved: Group) -> Void
    let object: (Group) -> AnyObject

    init<Buffer: SnapshotBuffer>(_ keyPath: WritableKeyPath<Group, Buffer>) {
        replaceWithCopy = { group in group[keyPath: keyPath] = group[keyPath: keyPath].copy() }
        keepLive = { restored, live, saved in
            let object = live[keyPath: keyPath]
            object.assign(from: saved[keyPath: keyPath])
            restored[keyPath: keyPath] = object
        }
        object = { $0[keyPath: keyPath] }
    }
}

/// A state group a ``Simulation/Snapshot`` copies whole: its value fields by copying the group, its class-held
/// buffers (listed in ``buffers``) element by element. A group that adds a buffer must list it:
/// `SnapshotCoverageTests` fails for a class-held field missing from ``buffers``.
protocol SnapshottedGroup {
    /// Every class-held field of the group.
    static var buffers: [BufferField<Self>] { get }
}

extension SnapshottedGroup {
    /// The group with every buffer copied: a value nothing else writes to.
    func saved() -> Self {
        var copy = self
        for buffer in Self.buffers { buffer.replaceWithCopy(&copy) }
        return copy
    }

    /// Puts back `saved` (from ``saved()``), writing the buffers' contents into the live objects.
    mutating func restore(from saved: Self) {
        let live = self
        var restored = saved
        for buffer in Self.buffers { buffer.keepLive(&restored, live, saved) }
        self = restored
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
