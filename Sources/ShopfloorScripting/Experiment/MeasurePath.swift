import ShopfloorText

/// A measure: a dotted path into the run's `--format json` document, where `*` stands for every key at
/// its level (`classes.*.mean_wait` → `classes.deposit.mean_wait`, `classes.loan.mean_wait`), expanded in
/// key order so the same document always gives the same names.
public struct MeasurePath: Sendable, Equatable {
    public let pattern: String
    private let segments: [String]

    public init(_ pattern: String) {
        self.pattern = pattern
        segments = pattern.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Every (name, value) the pattern reaches, in name order. Objects, arrays and strings reached are
    /// included as they are: the caller says what it accepts.
    public func matches(in document: JSONValue) -> [(name: String, value: JSONValue)] {
        var found: [(String, JSONValue)] = []
        func walk(_ value: JSONValue, _ depth: Int, _ prefix: [String]) {
            guard depth < segments.count else {
                found.append((prefix.joined(separator: "."), value))
                return
            }
            guard let fields = value.objectValue else { return }
            let keys = segments[depth] == "*" ? fields.keys.sorted() : [segments[depth]]
            for key in keys {
                if let next = fields[key] { walk(next, depth + 1, prefix + [key]) }
            }
        }
        walk(document, 0, [])
        return found
    }

    /// Why the pattern matches nothing: the first level where it leaves the document, with the keys there
    /// and a did-you-mean (`no key 'mean_wiat' under classes.deposit (keys: …; did you mean 'mean_wait'?)`).
    public func miss(in document: JSONValue) -> String {
        var value = document, place: [String] = []
        for segment in segments {
            guard let fields = value.objectValue else {
                return "\(place.isEmpty ? "the document" : place.joined(separator: ".")) is a value, not an object with '\(segment)'"
            }
            let keys = fields.keys.sorted()
            if segment == "*" {
                guard let first = keys.first else { return "\(place.joined(separator: ".")) is empty in this run" }
                value = fields[first]!
                place.append(first)
                continue
            }
            guard let next = fields[segment] else {
                let under = place.isEmpty ? "at the top" : "under \(place.joined(separator: "."))"
                return "no key '\(segment)' \(under) " + UnknownName.choices(for: segment, among: keys, label: "keys")
            }
            value = next
            place.append(segment)
        }
        return "it reaches no number"
    }

    /// The pattern's numbers in `document`, by expanded name; an error message when it matches nothing or
    /// reaches something that is not a finite number.
    public func numbers(in document: JSONValue) -> Result<[String: Double], MeasureProblem> {
        let found = matches(in: document)
        guard !found.isEmpty else { return .failure(MeasureProblem("measure '\(pattern)' matches nothing: \(miss(in: document))")) }
        var out: [String: Double] = [:]
        for (name, value) in found {
            switch value {
            case .integer(let i): out[name] = Double(i)
            case .number(let d) where d.isFinite: out[name] = d
            case .null, .number: return .failure(MeasureProblem("measure '\(name)' has no value in this run (null)"))
            case .object: return .failure(MeasureProblem("measure '\(pattern)' reaches '\(name)', an object, not a number: name one of its fields (\(name).…)"))
            default: return .failure(MeasureProblem("measure '\(pattern)' reaches '\(name)', which is not a number"))
            }
        }
        return .success(out)
    }
}
