import ShopfloorText
import Foundation
import LuaKit
import ShopfloorCore

/// The run summary in the shapes users read: a Lua table (`counter:stats()`, the close hook), a
/// JSON object (`--format json`), and a text table.
///
/// Names are the script's identifiers (`deposit`, `loan`), never translated; utilisation is
/// spelled `utilization` in JSON, the form most tools expect.
public enum SummaryReport {
    /// The counter part: served, end time, classes, pools, lines (shared by Lua and JSON).
    /// `layout` names tasks, pools and lines (`station.task` once there are several stations) and adds the
    /// network and asked-for sections (SummaryReport+Network.swift); ``SummaryLayout/plain(_:)`` by default.
    static func fields(_ s: Summary, layout given: SummaryLayout? = nil) -> [String: JSONValue] {
        let layout = given ?? .plain(s)
        var classes: [String: JSONValue] = [:]
        for (index, t) in s.tasks.enumerated() {
            var fields: [String: JSONValue] = [
                "arrived": .integer(t.arrived), "served": .integer(t.served),
                "balked": .integer(t.balked), "reneged": .integer(t.reneged),
                "mean_wait": .number(t.wait.mean), "p50_wait": .number(t.wait.p50),
                "p95_wait": .number(t.wait.p95), "p99_wait": .number(t.wait.p99), "max_wait": .number(t.wait.max),
                "mean_time_in_system": .number(t.timeInSystem.mean), "max_time_in_system": .number(t.timeInSystem.max),
            ]
            // Where makers serve from stock, the customers whose order was short (not served).
            if s.stock != nil { fields["failed"] = .integer(t.failed) }
            // Refused at a closed door (counter:close_door): only when some were, so other outputs stay as they were.
            if t.refused > 0 { fields["refused"] = .integer(t.refused) }
            addDetails(of: index, t, to: &fields, layout: layout)
            classes[layout.taskKeys[index]] = .object(fields)
        }
        var pools: [String: JSONValue] = [:]
        for (index, p) in s.pools.enumerated() {
            pools[layout.poolKeys[index]] = .object(["tellers": .integer(p.tellers), "utilization": .number(p.utilisation), "busy_time": .number(p.busyTime)])
        }
        var lines: [String: JSONValue] = [:]
        for (index, l) in s.lines.enumerated() {
            lines[layout.lineKeys[index]] = .object(["mean_length": .number(l.meanLength), "max_length": .integer(l.maxLength), "length": .integer(l.length)])
        }
        var all: [String: JSONValue] = [
            "start_time": .number(s.startTime), "end_time": .number(s.endTime),
            "arrived": .integer(s.arrived), "served": .integer(s.served), "balked": .integer(s.balked),
            "reneged": .integer(s.reneged), "in_system": .integer(s.inSystem),
            "classes": .object(classes), "pools": .object(pools), "lines": .object(lines),
        ]
        // Where makers serve from stock, the customers turned away, as in each class: with it the totals add up as
        // the classes' do (arrived = served + balked + reneged + failed + in_system, without a warm-up). Written on
        // the same condition as the classes' `failed`, so a scenario without stock keeps its bytes.
        if s.stock != nil { all["failed"] = .integer(s.tasks.reduce(0) { $0 + $1.failed }) }
        let refused = s.tasks.reduce(0) { $0 + $1.refused }
        if refused > 0 { all["refused"] = .integer(refused) }
        if layout.network { addNetwork(s, to: &all, layout: layout) }
        return all
    }

    /// The summary as a Lua value.
    static func luaValue(_ s: Summary, layout: SummaryLayout? = nil) -> LuaValue {
        lua(.object(fields(s, layout: layout)))
    }

    static func lua(_ json: JSONValue) -> LuaValue {
        switch json {
        case .null: return .nil
        case .bool(let b): return .boolean(b)
        case .integer(let i): return .integer(i)
        case .number(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let items):
            return .table(LuaTable(Dictionary(uniqueKeysWithValues: items.enumerated().map { (LuaKey.integer($0.offset + 1), lua($0.element)) })))
        case .object(let fields):
            return .table(LuaTable(Dictionary(uniqueKeysWithValues: fields.map { (LuaKey.string($0.key), lua($0.value)) })))
        }
    }

    /// The stock part (juice bar): `stock` per fruit (`final`, `min`, `mean`, `lost`, …), `orders` per juice
    /// (`made`, `failed`, `fill_rate`), and the totals `made`, `failed`, `fill_rate`.
    public static func stockStats(_ s: StockSummary) -> JSONValue {
        var stock: [String: JSONValue] = [:]
        for item in s.items {
            stock[item.name] = .object([
                "final": .integer(item.count), "min": .integer(item.minLevel), "mean": .number(item.meanLevel),
                "lost": .integer(item.lostUnits), "consumed": .integer(item.consumed), "stockouts": .integer(item.stockouts),
                "deliveries": .integer(item.deliveries), "delivered": .integer(item.deliveredUnits),
                "excess": .integer(item.excessUnits), "time_out_of_stock": .number(item.timeOutOfStock),
                "capacity": item.capacity.map { .integer($0) } ?? .null,
            ])
        }
        var orders: [String: JSONValue] = [:]
        for r in s.recipes {
            orders[r.name] = .object(["made": .integer(r.made), "failed": .integer(r.failed), "fill_rate": .number(r.fillRate)])
        }
        return .object(["stock": .object(stock), "orders": .object(orders), "made": .integer(s.made),
                        "failed": .integer(s.failed), "fill_rate": .number(s.fillRate), "pending_restocks": .integer(s.pendingRestocks)])
    }

    /// The whole `--format json` object (with `stock` and `orders` when the scenario stocks anything).
    public static func json(_ s: Summary, version: String, scenario: String?, parameters: LuaTable, seed: Int,
                            stock: StockSummary? = nil, layout: SummaryLayout? = nil) -> JSONValue {
        var all = fields(s, layout: layout)
        if let stock, case .object(let extra) = stockStats(stock) {
            all["stock"] = extra["stock"]
            all["orders"] = extra["orders"]
            all["fill_rate"] = extra["fill_rate"]
        }
        all["version"] = .string(version)
        all["scenario"] = scenario.map { .string($0) } ?? .null
        all["params"] = JSONValue(.table(parameters))
        if parameters.entries.isEmpty { all["params"] = .object([:]) }
        all["seed"] = .integer(seed)
        all["schema"] = .integer(OutputSchema.run)
        return .object(all)
    }

    /// The stock table printed after a juice bar run.
    public static func text(_ s: StockSummary, words w: SummaryWords = .english) -> String {
        guard !s.items.isEmpty else { return "" }
        let width = max(5, (s.items.map { DisplayWidth.of($0.name) } + s.recipes.map { DisplayWidth.of($0.name) }).max() ?? 5) + 1
        var stock = SummaryTable(w.fruit, nameWidth: width, columns: [(w.final, 7), (w.minimum, 6), (w.mean, 9), (w.lost, 7), (w.delivered, 11)])
        for i in s.items {
            stock.row(i.name, [String(i.count), String(i.minLevel), String(format: "%.1f", i.meanLevel), String(i.lostUnits), String(i.deliveredUnits)])
        }
        var out = "\n" + stock.text
        if s.made + s.failed > 0 {
            var juices = SummaryTable(w.juice, nameWidth: width, columns: [(w.made, 8), (w.failed, 8)])
            for r in s.recipes where r.made + r.failed > 0 { juices.row(r.name, [String(r.made), String(r.failed)]) }
            out += "\n" + juices.text
            out += "\n" + w.orders(s.made, s.failed, s.fillRate) + "\n"
        }
        return out
    }

    /// The text summary printed after a run's own lines.
    public static func text(_ s: Summary, words w: SummaryWords = .english, layout given: SummaryLayout? = nil) -> String {
        guard !s.tasks.isEmpty else { return "" }
        let layout = given ?? .plain(s)
        var out = "\n"
        let nameWidth = max(5, (layout.taskKeys.map { DisplayWidth.of($0) } + layout.poolKeys.map { DisplayWidth.of($0) }).max() ?? 5)
        let seconds = w.seconds
        // Where makers serve from stock, a `failed` column beside balked and reneged (the JSON's classes.failed): the
        // customers turned away are neither served nor balked, and without it a row did not add up to the arrivals.
        // Only with recipes (makers make them): a shelf of stock beside a bank's tasks turns nobody away.
        let makers = !(s.stock?.recipes.isEmpty ?? true)
        var tasks = SummaryTable(w.taskClass, nameWidth: nameWidth, columns: [(w.served, 8), (w.meanWait, 11), (w.p95Wait, 10),
                                                                             (w.maxWait, 10), (w.balked, 8), (w.reneged, 9)]
                                 + (makers ? [(w.failed, 8)] : []))
        for (index, t) in s.tasks.enumerated() {
            tasks.row(layout.taskKeys[index], [String(t.served), seconds(t.wait.mean), seconds(t.wait.p95), seconds(t.wait.max),
                                               String(t.balked), String(t.reneged)] + (makers ? [String(t.failed)] : []))
        }
        var pools = SummaryTable(w.pool, nameWidth: nameWidth, columns: [(w.tellers, 8), (w.utilisation, 13)])
        for (index, p) in s.pools.enumerated() {
            pools.row(layout.poolKeys[index], [String(p.tellers), String(format: "%.1f %%", p.utilisation * 100)])
        }
        out += tasks.text + "\n" + pools.text
        out += detailsText(s, layout: layout, words: w.network, seconds: seconds)
        if layout.network { out += networkText(s, layout: layout, words: w.network, seconds: seconds) }
        out += "\n" + w.totals(s.served, s.endTime - s.startTime)
        let turnedAway = s.tasks.reduce(0) { $0 + $1.failed }
        if turnedAway > 0 { out += w.turnedAway(turnedAway) }
        let refused = s.tasks.reduce(0) { $0 + $1.refused }
        if refused > 0 { out += w.refused(refused) }
        if s.inSystem > 0 { out += w.stillInside(s.inSystem) }
        return out + "\n"
    }
}
