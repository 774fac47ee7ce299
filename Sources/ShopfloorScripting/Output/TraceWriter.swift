import Foundation
import ShopfloorCore

/// Writes one record per counter event to a file: CSV when the path ends in `.csv`, JSON Lines
/// otherwise. Fields: `t`, `event`, `customer`, `task`, and on start/finish `teller` (1-based) and
/// `pool`. Buffered; `close()` flushes.
public final class TraceWriter {
    public enum Format { case csv, jsonLines }

    public let format: Format
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    public init(path: String) throws {
        format = path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ScriptingError.badParameter("--trace \(path): cannot create the file")
        }
        self.handle = handle
        buffer.reserveCapacity(1 << 16)
        if format == .csv { append("t,event,customer,task,teller,pool\n") }
    }

    /// A raw record (juice events and others): fields in the given order for CSV, sorted for JSON.
    public func write(_ fields: [(String, JSONValue)]) {
        switch format {
        case .jsonLines:
            append(JSONValue.object(Dictionary(uniqueKeysWithValues: fields)).text + "\n")
        case .csv:
            append(fields.map { csvField($0.1) }.joined(separator: ",") + "\n")
        }
    }

    /// A stock event (`order`, `made`, `failed`, `restock_ordered`, `delivered`). In CSV the juice or fruit
    /// goes in the `task` column and the counts, as compact JSON, in `pool`.
    public func write(_ event: StockEvent) {
        switch format {
        case .jsonLines:
            write(event.record)
        case .csv:
            let counts = event.fields.isEmpty ? JSONValue.null : .string(JSONValue.object(Dictionary(uniqueKeysWithValues: event.fields)).text)
            write([("t", .number(event.time)), ("event", .string(event.kind.rawValue)), ("customer", .null),
                   ("task", .string(event.name)), ("teller", .null), ("pool", counts)])
        }
    }

    public func write(_ event: CounterEvent, in world: World) {
        let simulation = world.simulation
        let task = simulation.tasks[event.customer.task].name
        var fields: [(String, JSONValue)] = [
            ("t", .number(event.time)), ("event", .string(event.kind.rawValue)),
            ("customer", .integer(event.customer.number)), ("task", .string(task)),
        ]
        if let teller = event.teller, event.kind == .start || event.kind == .finish {
            fields.append(("teller", .integer(teller + 1)))
            fields.append(("pool", .string(simulation.pools[simulation.teller(teller).pool].name)))
        } else if format == .csv {
            fields.append(("teller", .null))
            fields.append(("pool", .null))
        }
        write(fields)
    }

    private func csvField(_ v: JSONValue) -> String {
        switch v {
        case .null: return ""
        case .string(let s):
            if s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) {
                return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }
            return s
        default: return v.text
        }
    }

    private func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        guard !buffer.isEmpty else { return }
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    public func close() {
        flush()
        try? handle.close()
    }
}
