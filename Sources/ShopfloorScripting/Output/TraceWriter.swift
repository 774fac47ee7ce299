import ShopfloorText
import Foundation
import ShopfloorCore

/// Writes one record per counter event to a file: CSV when the path ends in `.csv`, JSON Lines
/// otherwise. Fields: `t`, `event`, `customer`, `task`, `station` (``World/stationName(_:)`` of the
/// task's station), and on start/finish/fail `teller` (1-based) and `pool`; JSON keys in byte order. The
/// record format is versioned in `docs/schema/README.md` (trace version 3).
///
/// Records go straight into a byte buffer with a fixed key order, names quoted once per task,
/// station and pool: building a dictionary and sorting its keys per record cost ~5.4 µs a record, 27
/// times the untraced run of `bank_open.lua` (docs/performance.md has today's figure).
///
/// The file is an ``OutputFile``: devices and FIFOs are written through, regular files replaced at
/// ``close(protected:)``. The first failed write (a full disk) is kept, later records are dropped,
/// and `close` throws it, so the run and its summary finish first.
public final class TraceWriter {
    public enum Format { case csv, jsonLines }

    public let format: Format
    public let file: OutputFile
    // The hot path's state: unchecked exclusivity (no runtime access tracking per record; the
    // writer is used from one thread), measured in docs/performance.md ("The trace").
    @exclusivity(unchecked) private var buffer = TraceBuffer()
    private var failure: Error?
    /// Every task's and every teller's pool name as written (`"name"` in JSON, the CSV field),
    /// one after the other in `names`, found by offset and length: no array per record.
    @exclusivity(unchecked) private var names: [UInt8] = []
    @exclusivity(unchecked) private var taskNames: [NameSpan] = []
    /// Per task, its station's field with what surrounds it, encoded once per station:
    /// `,"station":"name","t":` in JSON, `,name\n` (the last CSV field) in CSV.
    @exclusivity(unchecked) private var stationTails: [NameSpan] = []
    @exclusivity(unchecked) private var tellerPoolNames: [NameSpan] = []
    private static let flushSize = 1 << 16

    private struct NameSpan {
        var start: Int
        var count: Int
    }

    /// Opens `path` for the trace (see ``OutputFile``); `protected` are the files it must not be.
    public init(path: String, protected: [String] = []) throws {
        format = path.lowercased().hasSuffix(".csv") ? .csv : .jsonLines
        file = try OutputFile(path: path, option: "--trace", protected: protected)
        buffer.reserve(Self.flushSize + 4096)
        if format == .csv { buffer.append("t,event,customer,task,teller,pool,station\n") }
    }

    deinit { file.discard() }

    // MARK: Counter events (the hot path)

    public func write(_ event: CounterEvent, in world: World) {
        let task = event.customer.task
        if task >= taskNames.count { learnNames(world) }
        var teller = -1
        if let t = event.teller, event.kind == .start || event.kind == .finish || event.kind == .fail {
            if t >= tellerPoolNames.count { learnNames(world) }
            teller = t
        }
        switch format {
        case .jsonLines:
            // Keys in byte order: customer, event, pool, station, t, task, teller.
            buffer.append("{\"customer\":")
            buffer.append(integer: event.customer.number)
            switch event.kind {
            case .arrive: buffer.append(",\"event\":\"arrive\"")
            case .balk: buffer.append(",\"event\":\"balk\"")
            case .renege: buffer.append(",\"event\":\"renege\"")
            case .start, .finish, .fail:
                switch event.kind {
                case .start: buffer.append(",\"event\":\"start\"")
                case .finish: buffer.append(",\"event\":\"finish\"")
                default: buffer.append(",\"event\":\"fail\"")
                }
                if teller >= 0 {
                    buffer.append(",\"pool\":")
                    append(tellerPoolNames[teller])
                }
            }
            append(stationTails[task])
            buffer.append(number: event.time)
            buffer.append(",\"task\":")
            append(taskNames[task])
            if teller >= 0 {
                buffer.append(",\"teller\":")
                buffer.append(integer: teller + 1)
            }
            buffer.append("}\n")
        case .csv:
            buffer.append(number: event.time)
            switch event.kind {
            case .arrive: buffer.append(",arrive,")
            case .start: buffer.append(",start,")
            case .finish: buffer.append(",finish,")
            case .balk: buffer.append(",balk,")
            case .renege: buffer.append(",renege,")
            case .fail: buffer.append(",fail,")
            }
            buffer.append(integer: event.customer.number)
            buffer.append(",")
            append(taskNames[task])
            if teller >= 0 {
                buffer.append(",")
                buffer.append(integer: teller + 1)
                buffer.append(",")
                append(tellerPoolNames[teller])
            } else {
                buffer.append(",,")
            }
            append(stationTails[task])
        }
        if buffer.count >= Self.flushSize { flush() }
    }

    private func append(_ span: NameSpan) {
        names.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count])) }
    }

    /// (Re)reads the task, station and pool names: when a task or teller appears that the tables lack
    /// (tellers can be added while a run goes, e.g. from the live view).
    private func learnNames(_ world: World) {
        let simulation = world.simulation
        names.removeAll(keepingCapacity: true)
        func add(_ bytes: [UInt8]) -> NameSpan {
            defer { names += bytes }
            return NameSpan(start: names.count, count: bytes.count)
        }
        func add(_ name: String) -> NameSpan { add(field(name)) }
        taskNames = simulation.tasks.map { add($0.name) }
        let stationSpans = world.stationNames.map { name -> NameSpan in
            switch format {
            case .jsonLines: add(Array(",\"station\":".utf8) + field(name) + Array(",\"t\":".utf8))
            case .csv: add(Array(",".utf8) + field(name) + Array("\n".utf8))
            }
        }
        stationTails = simulation.tasks.indices.map { stationSpans[simulation.station(ofTask: $0)] }
        tellerPoolNames = []
        for pool in simulation.pools {
            let span = add(pool.name)
            for teller in pool.tellers {
                while tellerPoolNames.count <= teller { tellerPoolNames.append(span) }
                tellerPoolNames[teller] = span
            }
        }
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
    /// goes in the `task` column and the counts, as compact JSON, in `pool`; `station` stays empty (the stock
    /// is the world's, shared by its stations).
    public func write(_ event: StockEvent) {
        switch format {
        case .jsonLines:
            write(event.record)
        case .csv:
            let counts = event.fields.isEmpty ? JSONValue.null : .string(JSONValue.object(Dictionary(uniqueKeysWithValues: event.fields)).text)
            write([("t", .number(event.time)), ("event", .string(event.kind.rawValue)), ("customer", .null),
                   ("task", .string(event.name)), ("teller", .null), ("pool", counts), ("station", .null)])
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

    /// A value as a CSV field: strings through ``CSVField`` (RFC 4180, the one CSV writer).
    private func csvField(_ v: JSONValue) -> String {
        switch v {
        case .null: return ""
        case .string(let s): return CSVField.escaped(s)
        default: return v.text
        }
    }
}
