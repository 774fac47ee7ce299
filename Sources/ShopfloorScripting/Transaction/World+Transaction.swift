import LuaKit
import ShopfloorCore

/// A command that either happens completely or leaves the simulated world as it was.
///
/// ```swift
/// try world.transaction { _ in
///     try world.lua.run(chunk)        // adds customers, takes stock… then fails
/// }                                   // rethrows; queues, stock, clock and statistics are back
/// ```
///
/// What rolls back: everything in a ``WorldSnapshot`` — the whole simulation (clock, events, customers,
/// lines, tellers, stock and pending deliveries, statistics, random streams, tasks and tellers added) and
/// the scripting side's own state (hooks installed, stock rules, named `shopfloor.rng` streams, plugins
/// chosen, the stop rule). What does not, as in `lua.c`: Lua globals and tables the command changed, and
/// output already written (printed lines, trace lines).
///
/// A long command may mark points it is content to go back to (``checkpoint()``), and on an interruption
/// go back to the last one and keep the work done up to it (``rollBackToCheckpoint()``): the REPL's
/// `:run` does, so Ctrl-C keeps the events processed so far.
public final class WorldTransaction {
    unowned let world: World
    let start: WorldSnapshot
    private(set) var resumePoint: WorldSnapshot

    init(world: World) {
        self.world = world
        start = WorldSnapshot(world)
        resumePoint = start
    }

    /// The clock at the last checkpoint (or at the start).
    public var checkpointClock: Double { resumePoint.core.now }

    /// Makes the current state the one ``rollBackToCheckpoint()`` returns to. Call it between events.
    /// - Complexity: O(live state), as ``Simulation/snapshot()``.
    public func checkpoint() {
        resumePoint = WorldSnapshot(world)
    }

    /// Puts the world back to the last checkpoint (or the start); the transaction goes on from there and
    /// keeps that state if it then ends without an error.
    public func rollBackToCheckpoint() throws {
        try world.restore(resumePoint)
    }
}

extension World {
    /// Runs `body`; if it throws, puts the world back as it was before (see ``WorldTransaction``) and
    /// rethrows. Transactions nest: an inner one that fails rolls back only its own part.
    ///
    /// The Lua functions the world had installed are owning references: the snapshot holds them, so a
    /// function the body replaced is still there to reinstall, and is released once no snapshot and no
    /// hook holds it.
    public func transaction<R>(_ body: (WorldTransaction) throws -> R) throws -> R {
        let transaction = WorldTransaction(world: self)
        do {
            return try body(transaction)
        } catch {
            try restore(transaction.start)
            throw error
        }
    }
}
