import ShopfloorText
import LuaKit

/// The document `shopfloor run --format json` prints for a world after its run: the one place it is
/// assembled, so an experiment cell's measures are read from exactly what `run` would print.
public enum RunDocument {
    /// - Parameters:
    ///   - scenario: the scenario as the user named it (`scenario` field).
    ///   - seed: the run's seed (`seed` field).
    public static func json(_ world: World, scenario: String?, seed: Int, version: String) -> JSONValue {
        SummaryReport.json(world.simulation.summary(), version: version, scenario: scenario,
                           parameters: world.parameters.table, seed: seed, stock: world.stockSummary,
                           layout: world.summaryLayout)
    }
}
