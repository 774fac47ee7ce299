/// The version of each JSON document's shape, written as its `"schema"` field.
///
/// Changing a field of a document (adding, removing, renaming, retyping) means bumping its
/// number here and in `docs/schema/` (docs/schema/README.md says how). The board's number is
/// `BoardJSON.schema` (ShopfloorBoard does not depend on this module).
public enum OutputSchema {
    /// `shopfloor run --format json` (docs/schema/run.json).
    public static let run = 1
    /// `shopfloor run --report PATH.json` (docs/schema/report.json). 2: `network` holds only `station_order`; the
    /// station and journey figures are the summary's (`summary.stations`, `summary.journeys`), one shape each.
    public static let report = 2
    /// `shopfloor plugins --format json` (docs/schema/plugins.json).
    public static let plugins = 1
}
