/// The limits a cell's Lua state runs under (`--time-budget`, `--memory-limit`, `--plugins`, `--allow-io`).
public struct CellLimits: Codable, Sendable, Equatable {
    public var timeBudget: Double
    /// Bytes.
    public var memoryLimit: Int
    public var pluginFolders: [String]
    public var allowIO: Bool

    public init(timeBudget: Double = 10, memoryLimit: Int = 1 << 30, pluginFolders: [String] = [], allowIO: Bool = false) {
        self.timeBudget = timeBudget; self.memoryLimit = memoryLimit; self.pluginFolders = pluginFolders; self.allowIO = allowIO
    }
}
