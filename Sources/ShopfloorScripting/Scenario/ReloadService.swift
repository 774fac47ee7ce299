import Foundation
import LuaKit

/// Reload of edited scripts into a living world — the REPL's `:reload` and the live view's
/// `--watch` both use it.
///
/// 1. Find which loaded files changed on disk (content, not time stamps).
/// 2. Validate: load the whole scenario into a throwaway world. A syntax error, a failing
///    script, a bad recipe → refused with `file:line`, nothing touched.
/// 3. Apply: re-run plugins and scenario in the living state with installations staged
///    (World+Staging.swift); swap them in only when everything ran, all inside a
///    `World.transaction`, so nothing is half applied. Clock, lines, stock and statistics survive.
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
        // In a transaction: if anything fails while applying — even a staged installation half way
        // through — the world (and the plugin choices) are as before the reload.
        try world.transaction { _ in
            world.plugins.overrides = options.uses
            try world.reloadStaged {
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
        }
        remember()
        return .reloaded(changed)
    }
}
