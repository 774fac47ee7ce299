import ShopfloorCore

/// The limits a cell runs under (`--time-budget`, `--memory-limit`, `--plugins`, `--allow-io`,
/// `--max-events-per-instant`). Not part of the experiment hash: the folders are hashed through the modules
/// they give; the others only decide whether a cell fails, never what a finished cell measures.
public struct CellLimits: Codable, Sendable, Equatable {
    public var timeBudget: Double
    /// Bytes.
    public var memoryLimit: Int
    public var pluginFolders: [String]
    public var allowIO: Bool
    /// Most events at one simulated instant before the cell fails with a zero-time loop's error.
    public var maxEventsPerInstant: Int

    public init(timeBudget: Double = 10, memoryLimit: Int = 1 << 30, pluginFolders: [String] = [], allowIO: Bool = false,
                maxEventsPerInstant: Int = RunLimits.defaultMaxEventsPerInstant) {
        self.timeBudget = timeBudget; self.memoryLimit = memoryLimit; self.pluginFolders = pluginFolders; self.allowIO = allowIO
        self.maxEventsPerInstant = maxEventsPerInstant
    }

    /// Puts the event limit into a cell's scenario options, named as the command line gives it.
    func apply(to options: inout ScenarioOptions) {
        options.maxEventsPerInstant = maxEventsPerInstant
        options.eventsPerInstantOption = "--max-events-per-instant"
    }
}
