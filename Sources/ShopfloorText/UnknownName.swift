/// The one way Shopfloor tells a user that a name they wrote is not one it knows: what was
/// written, what is accepted, and the closest accepted name when it is close enough to be a typo.
///
/// ```swift
/// UnknownName.message("key", "servce", among: ["capacity", "name", "patience", "service"])
/// // unknown key 'servce' (accepted: capacity, name, patience, service; did you mean 'service'?)
/// ```
///
/// Every "unknown task / fruit / plugin / key / command" message, in every target, goes through
/// here (it lives in ShopfloorText so the board and the benchmarks can use it too), so they read alike
/// and suggest alike; this file holds the only edit distance in the code. The accepted names are listed in the order given (the caller decides: tasks in
/// declaration order, option keys sorted).
public enum UnknownName {
    /// `unknown <what> '<name>' (<label>: a, b, c; did you mean 'b'?)`.
    /// - Parameters:
    ///   - label: what the list is called (`accepted`, `tasks`, `fruits`, …).
    ///   - whenEmpty: shown instead of the list when nothing is accepted yet (`none yet — declare one with …`).
    public static func message(_ what: String, _ name: String, among candidates: [String],
                               label: String = "accepted", whenEmpty: String = "none") -> String {
        "unknown \(what) '\(name)' " + choices(for: name, among: candidates, label: label, whenEmpty: whenEmpty)
    }

    /// The parenthesised tail alone, for messages that start differently (`no parameter 'x' (…)`):
    /// `(<label>: a, b, c; did you mean 'b'?)`.
    /// A nil `name` (a key that is no string, say) lists the choices without a guess.
    public static func choices(for name: String?, among candidates: [String], label: String = "accepted",
                               whenEmpty: String = "none") -> String {
        var text = "(\(label): " + (candidates.isEmpty ? whenEmpty : candidates.joined(separator: ", "))
        if let name, let guess = suggestion(for: name, among: candidates) { text += "; did you mean '\(guess)'?" }
        return text + ")"
    }

    /// The candidate closest to `word` by edit distance (case ignored), when it is close enough to
    /// be a typo: at most 2 edits, or a third of the word's length for long words.
    ///
    /// Ties go to the candidate that keeps more of the word's letters in order (the longest common
    /// subsequence), then to the one sharing a longer prefix, and only then to the first in byte order, so
    /// the suggestion never depends on the order of `candidates`. The letters kept decide first because a
    /// short word is often an abbreviation: `cnt` is two insertions from `count`, keeping all three letters,
    /// and two edits from `at` too (a deletion and a substitution), keeping one; byte order alone said `at`.
    /// - Complexity: O(n × m) per candidate, for words of lengths n and m.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (name: String, rank: Rank)?
        for candidate in candidates {
            let c = Array(candidate.lowercased())
            let rank = Rank(distance: distance(w, c), kept: commonSubsequence(w, c), prefix: zip(w, c).prefix { $0 == $1 }.count)
            if let b = best, rank > b.rank || (rank == b.rank && !candidate.utf8.lexicographicallyPrecedes(b.name.utf8)) {
                continue
            }
            best = (candidate, rank)
        }
        guard let best, best.rank.distance <= max(2, w.count / 3), best.rank.distance < max(w.count, 1) else { return nil }
        return best.name
    }

    /// How close a candidate is: lower is closer. Fewer edits first; among equal edits, more of the word's
    /// letters kept in order, then a longer shared prefix.
    struct Rank: Comparable {
        let distance: Int
        let kept: Int
        let prefix: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.distance, -a.kept, -a.prefix) < (b.distance, -b.kept, -b.prefix)
        }
    }

    /// The length of the longest common subsequence of `a` and `b`: how many of `a`'s letters `b` keeps in order.
    static func commonSubsequence(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(repeating: 0, count: b.count + 1)
        var current = previous
        for ca in a {
            for (j, cb) in b.enumerated() {
                current[j + 1] = ca == cb ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Edit distance with adjacent transpositions (optimal string alignment): insertions, deletions,
    /// substitutions and swapping two neighbours each cost 1, so the commonest typo, two letters swapped
    /// (`lsit`), is one edit from its word (`list`) and closer than a word two letters away (`edit`).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = previous
        for (i, ca) in a.enumerated() {
            current[0] = i + 1
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
                if i > 0, j > 0, ca == b[j - 1], a[i - 1] == cb {
                    current[j + 1] = min(current[j + 1], beforePrevious[j - 1] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
