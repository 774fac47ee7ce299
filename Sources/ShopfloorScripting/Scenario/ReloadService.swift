import Foundation
import LuaKit

/// Reload of edited scripts into a living world — the REPL's `:reload` and the live view's
/// `--watch` both use it.
///
/// 1. Find which loaded files changed on disk (content, not time stamps).
/// 2. Validate: load the whole scenario into a throwaway world. A syntax error, a failing
///    script, a bad recipe → refused with `file:line`, nothing touched.
/// 3. Apply: re-run plugins and scenario in the living state into new hook sets
///    (World+Reload.swift), all inside a `World.transaction`: if anything fails the old hooks are
///    put back whole, so nothing is half applied. Clock, lines, stock and statistics survive.
///    A parameter whose default was edited takes the new default (unless `--set` gives it), so
///    what it feeds (a service time) changes too; what it cannot change in a living world (a
///    teller count) is refused with `:reset`. The script's locals start afresh: state that must
///    survive a reload lives in the world (`counter:stats()`) or in a global.
public final class ReloadService {
    public let world: World
    public let file: String?
    public var options: ScenarioOptions
    private var fingerprints: [String: Data] = [:]

    public enum Outcome: Equatable {
        /// Nothing on disk changed.
        case unchanged
        /// These files changed and are now in force.
        case reloaded([String])
    }

    public init(world: World, file: String?, options: ScenarioOptions) {
        self.world = world
        self.file = file
        self.options = options
        remember()
    }

    /// Every file the world's scripts came from: plugins, the scenario, what `require` loaded.
    /// (Not standard input: a scenario read from `-` cannot change.)
    public var watchedFiles: [String] { world.lua.loadedFiles.filter { $0 != "-" } }

    private func remember() {
        fingerprints = [:]
        for path in watchedFiles { fingerprints[path] = ReloadService.contents(of: path) }
        lastSeen = fingerprints
    }

    /// What `poll()` saw: an edit now in force, an edit refused, or the files back to the text in
    /// force after a refused edit (the refusal no longer applies).
    public enum WatchEvent {
        case reloaded([String])
        case refused(Error)
        case backToLoaded
    }

    /// The files' contents when `poll()` last looked, so one edit is tried once, not every poll.
    private var lastSeen: [String: Data] = [:]
    private var refusedSinceLoad = false

    /// For `--watch`: reloads when the files changed since the last look. A broken edit is
    /// refused once (and again only when edited further); undoing it back to the loaded text
    /// says so, so the old refusal does not stay on screen.
    public func poll() -> WatchEvent? {
        let seen = Dictionary(uniqueKeysWithValues: watchedFiles.map { ($0, ReloadService.contents(of: $0)) })
        guard seen != lastSeen else { return nil }
        lastSeen = seen
        if changedFiles().isEmpty {
            defer { refusedSinceLoad = false }
            return refusedSinceLoad ? .backToLoaded : nil
        }
        do {
            guard case .reloaded(let files) = try reload() else { return nil }
            refusedSinceLoad = false
            lastSeen = fingerprints
            return .reloaded(files)
        } catch {
            refusedSinceLoad = true
            return .refused(error)
        }
    }

    /// The watched files whose content differs from what was last loaded.
    public func changedFiles() -> [String] {
        watchedFiles.filter { ReloadService.contents(of: $0) != fingerprints[$0] }
    }

    /// A watched file's bytes as the loader would read them (bounded: a file swapped for a device
    /// or a huge one is not read without end); empty when it cannot be read, so it counts as changed
    /// and the reload names the problem.
    private static func contents(of path: String) -> Data {
        (try? ScriptFile.read(path)).map { Data($0) } ?? Data()
    }

    /// Reloads if anything changed (or always, with `force`). Throws the validation error and
    /// leaves the world as it was when the edit is broken.
    @discardableResult
    public func reload(force: Bool = false) throws -> Outcome {
        let changed = changedFiles()
        guard force || !changed.isEmpty else { return .unchanged }
        // 2. Validate in a throwaway world, printing nothing.
        _ = try Scenario.load(file, options: options) { throwaway in
            throwaway.output = { _ in }
            throwaway.lua.closesInBackground = true   // its finalizers must not hold up the session
        }
        // 3. Apply to the living world.
        let folders = PluginRegistry.folders(forScenario: file, extra: options.pluginFolders)
        // Parameters take their edited defaults (a --set value stays): see ParameterSet.beginReload.
        world.parameters.beginReload()
        let positions = world.streams.mapValues(\.generator)
        let mathRandom = world.lua.mathRandomPosition
        var applied = false
        defer { world.parameters.endReload(keep: applied) }
        // In a transaction: if anything fails while applying, the world (its hooks, and the plugin
        // choices) is as before the reload.
        do { try world.transaction { _ in
            world.plugins.overrides = options.uses
            try world.reload {
                try world.lua.forgetModules()
                try world.loadPlugins(from: folders)
                if let file {
                    do {
                        _ = try world.lua.run(file: file, arguments: options.arguments)
                    } catch {
                        throw Scenario.userFacing(error)
                    }
                }
            }
        } } catch {
            let edited = world.parameters.changes.filter { !$0.heldBySet }
            throw edited.isEmpty ? error : ReloadRefusal(underlying: error, changes: edited)
        }
        // What the scripts drew from named streams while loading again (bank.lua's count of customers
        // at opening) belonged to what a reload skips (those customers are not brought in again): the
        // streams go on from where they were, so a reload does not change who comes next. `math.random`
        // likewise (a `math.randomseed` at the scripts' top level included): a session with a reload then
        // draws what the same session without it draws, however many draws the edited load makes.
        for (name, generator) in positions { world.streams[name]?.generator = generator }
        world.lua.mathRandomPosition = mathRandom
        applied = true
        remember()
        return .reloaded(changed)
    }

    /// The parameters the last reload changed (an edited default) or kept (held by `--set`),
    /// for the message that says what was reloaded: `deposit_time 0.7 → 0.5`.
    public var parameterChanges: [ParameterSet.Change] { world.parameters.changes }

    /// The parameter part of a reload's message: `""`, or `; deposit_time 0.7 → 0.5`.
    public var parameterNote: String {
        parameterChanges.isEmpty ? "" : "; " + parameterChanges.map(\.description).joined(separator: ", ")
    }

    /// The recipe part of a reload's message: `""`, or what of an edited recipe book a living world does not
    /// follow (a juice the makers do not serve, one no longer in the scripts that stays): StockBinding+Reload.swift.
    public var recipeNote: String { world.stock?.reloadNote ?? "" }
}
