/// What a reload did to the recipe book that a living world cannot follow, said in the reload's message.
///
/// A reload registers the edited book (recipes.lua), but the makers of a living counter keep the juices they had:
/// a juice the edit added gets no makers' task (it can be ordered by hand), and a juice the edit dropped or renamed
/// stays (the makers serve it; customers may be waiting for it). Accepting that in silence left a renamed juice
/// looking like it was in force until a generator drawing from the book asked the makers for it and the run failed.
struct RecipeReloadNews {
    /// Juices the reload's scripts registered.
    var registered: Set<String> = []
    /// Juices the reload's `stock:makers{…}` would serve that the living makers do not (book order).
    var unserved: [String] = []

    /// `""`, or `; 'mango smoothie' can be ordered by hand, …; 'mango juice' is no longer in the scripts …`:
    /// `book` is the book after the reload, in order.
    func note(book: [String]) -> String {
        var parts: [String] = []
        // A juice the makers do not serve that the edit no longer writes is said once, below, as one that stays.
        let unserved = unserved.filter { registered.contains($0) }
        if !unserved.isEmpty {
            parts.append("\(Self.names(unserved)) can be ordered by hand, but the makers of a living counter serve only "
                         + "the juices they had (:reset serves \(unserved.count == 1 ? "it" : "them"))")
        }
        // Only when the scripts registered a book at all: a scenario without recipes has nothing to drop.
        let kept = registered.isEmpty ? [] : book.filter { !registered.contains($0) }
        if !kept.isEmpty {
            parts.append("\(Self.names(kept)) \(kept.count == 1 ? "is" : "are") no longer in the scripts but "
                         + "\(kept.count == 1 ? "stays" : "stay") (:reset drops \(kept.count == 1 ? "it" : "them"))")
        }
        return parts.map { "; " + $0 }.joined()
    }

    static func names(_ juices: [String]) -> String { juices.map { "'\($0)'" }.joined(separator: ", ") }
}

extension StockBinding {
    /// The reload's recipe part of its message (see ``RecipeReloadNews``); `""` when the edit was followed whole.
    public var reloadNote: String { reloadNews.note(book: simulation.stock.recipes.map(\.recipe.name)) }
}

extension StockBinding {
    /// True while a reload re-runs the scripts. What they then do to the stock (`stock:add`, `set`, `restock`,
    /// `order`: an opening delivery, fruit added at load) is a load-time action, like the customers the scenario
    /// brings in: done when it loaded, not again — the stock a reload keeps is the stock the world has. The calls
    /// answer with the stock as it is (`add`/`set`: the count; `restock`: when such an order would be due; `order`:
    /// false and ``notAgain``).
    var isReloading: Bool {
        if case .reloading = world.assembly { return true }
        return false
    }

    /// `stock:order`'s second answer while a reload re-runs the scripts.
    static let notAgain = "not ordered again: a reload does not repeat what the scripts did to the stock while loading"
}
