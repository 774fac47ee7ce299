import LuaKit

/// What an experiment's scenario may read from outside its files, guarded the same way while the experiment
/// is checked (the hash is taken) and in every cell: data files through `io` (``ExperimentDataFiles``), and
/// no task board. A board's contents change with every `shopfloor board` command and cannot be hashed, and
/// every cell (in parallel workers) would write the same database: `shopfloor.board` raises instead.
enum ExperimentInputs {
    static let boardRefusal = "shopfloor.board cannot be used in an experiment: a cell's results must not depend on a board's "
        + "contents, which the experiment hash cannot cover (docs/experiments.md); run the scenario with shopfloor run to use the board"

    /// Installs `check` before the scenario loads, and a `shopfloor.board` that refuses.
    static func guardInputs(of world: World, check: @escaping (ScriptInput) throws -> Void) {
        world.lua.inputCheck = check
        BoardModule.install(in: world, unavailable: boardRefusal)
    }
}
