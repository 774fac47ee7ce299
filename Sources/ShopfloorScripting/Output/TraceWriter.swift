import Foundation
import ShopfloorCore

/// Writes one record per counter event to a file: CSV when the path ends in `.csv`, JSON Lines
/// otherwise. Fields: `t`, `event`, `customer`, `task`, and on start/finish `teller` (1-based) and
/// `pool`; JSON keys in byte order. The record format is versioned in `docs/schema/trace.md`.
///
/// Records go straight into a byte buffer with a fixed key order, names quoted once per task and
/// pool: building a dictionary and sorting its keys per record cost ~5.4 µs a record, 27 times the
/// untraced run of `bank_open.lua` (docs/performance.md has today's figure).
///
/// The file is an ``OutputFile``: devices and FIFOs are written through, regular files replaced at
/// ``close(protected:)``. The first failed write (a full disk) is kept, later records are dropped,
/// and `close` throws it, so the run and its summary finish first.
public final class TraceWriter {
    public enum Format { case csv, jsonLines }

    public let format: Format
    public let file: OutputFile
    private var buffer = TraceBuffer()
    private var failure: Error?
    /// `"name"` (JSON) or the CSV field, per task and per pool index, made when first needed.
    private var taskFields: [[UInt8]] = []
    private var poolFields: [[UInt8]] = []
    private static let flushSize = 1 << 16

    /// Opens `path` for the trace (see ``OutputFile``); `protected` are the files it must not be.
    public init(path: String, protected: [String] = []) throws {
        format = path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines
        file = try OutputFile(path: path, option: "--trace", protected: protected)
        buffer.reserve(Self.flushSize + 4096)
        if format == .csv { buffer.append("t,event,customer,task,teller,pool\n") }
    }

    deinit { file.discard() }

    // MARK: Counter events (the hot path)

    public func write(_ event: CounterEvent, in world: World) {
        let simulation = world.simulation
        if event.customer.task >= taskFields.count || taskFields.count != simulation.tasks.count {
            taskFields = simulation.tasks.map { field($0.name) }
        }
        let task = taskFields[event.customer.task]
        var pool: [UInt8]?
        var teller = 0
        if let t = event.teller, event.kind == .start || event.kind == .finish {
            let index = simulation.teller(t).pool
            if index >= poolFields.count || poolFields.count != simulation.pools.count {
                poolFields = simulation.pools.map { field($0.name) }
            }
            pool = poolFields[index]
            teller = t + 1
        }
        switch format {
        case .jsonLines:
            // Keys in byte order: customer, event, pool, t, task, teller.
            buffer.append("{\"customer\":")
            buffer.append(integer: event.customer.number)
            buffer.append(",\"event\":\"")
            buffer.append(event.kind.rawValue)
            if let pool {
                buffer.append("\",\"pool\":")
                buffer.append(pool)
                buffer.append(",\"t\":")
            } else {
                buffer.append("\",\"t\":")
            }
            buffer.append(number: event.time)
            buffer.append(",\"task\":")
            buffer.append(task)
            if pool != nil {
                buffer.append(",\"teller\":")
                buffer.append(integer: teller)
            }
            buffer.append("}\n")
        case .csv:
            buffer.append(number: event.time)
            buffer.append(",")
            buffer.append(event.kind.rawValue)
            buffer.append(",")
            buffer.append(integer: event.customer.number)
            buffer.append(",")
            buffer.append(task)
            if let pool {
                buffer.append(",")
                buffer.append(integer: teller)
                buffer.append(",")
                buffer.append(pool)
                buffer.append("\n")
            } else {
                buffer.append(",,\n")
            }
        }
        if buffer.count >= Self.flushSize { flush() }
    }

    // MARK: Other records

    /// A raw record (juice events and others): fields in the given order for CSV, sorted for JSON.
    public func write(_ fields: [(String, JSONValue)]) {
        switch format {
        case .jsonLines:
            buffer.append(JSONValue.object(Dictionary(uniqueKeysWithValues: fields)).text)
            buffer.append("\n")
        case .csv:
            for (i, field) in fields.enumerated() {
                if i > 0 { buffer.append(",") }
                buffer.append(csvField(field.1))
            }
            buffer.append("\n")
        }
        if buffer.count >= Self.flushSize { flush() }
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

    // MARK: Finishing

    /// Writes what is buffered and puts the file in place (``OutputFile/commit(protected:)``), or
    /// throws the first write error (the file at the path is then left as it was).
    public func close(protected: [String] = []) throws {
        flush()
        if let failure {
            file.discard()
            throw failure
        }
        try file.commit(protected: protected)
    }

    private func flush() {
        guard buffer.count > 0 else { return }
        if failure == nil {
            do { try buffer.withBytes { try file.write($0) } } catch { failure = error }
        }
        buffer.removeAll()
    }

    // MARK: Fields

    /// A name as its JSON string or CSV field, once.
    private func field(_ name: String) -> [UInt8] {
        switch format {
        case .jsonLines:
            var out = ""
            JSONValue.quote(name, into: &out)
            return Array(out.utf8)
        case .csv:
            return Array(csvField(.string(name)).utf8)
        }
    }

    /// RFC 4180: a field holding a comma, a quote, CR or LF is quoted, quotes doubled.
    private func csvField(_ v: JSONValue) -> String {
        switch v {
        case .null: return ""
        case .string(let s):
            if s.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
                return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
            }
            return s
        default: return v.text
        }
    }
}
