import LuaKit
import ShopfloorExperiment

/// The data files an experiment's cells may read with `--allow-io` (``ScriptInput``, ``DataFile``): part of
/// the experiment hash by content, so an edited data file makes another experiment (`--resume` and `merge`
/// refuse to mix the two), and the list a cell checks every file it opens for reading against.
///
/// Covered: every file the scenario (and its plugins and modules) opened for reading while it loaded once per
/// plugin choice (``ExperimentScenarioCheck``), with the content it had at that moment; and every regular
/// file a string value of the design names (`params = { arrivals = { "a.csv", "b.csv" } }`, a `--set`), so
/// a data file chosen by a factor is covered for every value. A file opened only to write is an output, not
/// covered. What neither sees — a file opened only while a cell runs under a name no value gives — a cell
/// refuses, as it refuses a file whose content changed since the experiment started: never a silent mix of
/// two data sets. Without `--allow-io` a scenario reads no file, the list is empty and the hash is as before.
///
/// The environment variables a scenario reads with `os.getenv` (`--allow-io` only) are covered the same way, by
/// the variables read while it loaded (``EnvironmentValue``): a cell that reads another, or runs where one has
/// another value (another shell, another cluster node), fails naming it.
public enum ExperimentDataFiles {
    /// The covered files, sorted by name: `read` (as hashed while the scenario loaded) and the files named by
    /// the design's string values.
    public static func covered(read: [DataFile], design: ExperimentDesign) throws -> [DataFile] {
        var found: [String: DataFile] = [:]
        for file in read { found[file.name] = found[file.name] ?? file }
        var values = Array(design.fixed.values)
        for factor in design.factors { values += factor.values }
        for case .string(let name) in values where found[name] == nil && DataFile.isRegularFile(name) {
            found[name] = try DataFile.current(name)
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// The check while the scenario loads for the hash: every file read is hashed as it is at that moment
    /// (into `read`); a command's output cannot be hashed and is refused.
    static func recording(into read: LoadedReads) -> (ScriptInput) throws -> Void {
        { input in
            switch input {
            case .command(let command): throw refusal(command: command)
            case .file(let name) where read.files[name] == nil: read.files[name] = try DataFile.current(name)
            case .file: break
            case .environment(let name) where read.environment[name] == nil:
                read.environment[name] = EnvironmentValue.current(name)
            case .environment: break
            }
        }
    }

    /// The check in a cell: a file is read only if the hash covers it and its content is the one hashed; a
    /// variable of the environment likewise, with the value hashed.
    static func checking(_ covered: [DataFile], environment: [EnvironmentValue]) -> (ScriptInput) throws -> Void {
        let digests = Dictionary(covered.map { ($0.name, $0.digest) }) { a, _ in a }
        let variables = Dictionary(environment.map { ($0.name, $0.digest) }) { a, _ in a }
        return { input in
            switch input {
            case .command(let command): throw refusal(command: command)
            case .environment(let name):
                guard let hashed = variables[name] else {
                    throw ScriptingError.invalidScenario("os.getenv: this cell read the environment variable '\(name)', which the experiment "
                        + "hash does not cover (loading the scenario did not read it): read it while the scenario loads, so the hash covers it")
                }
                let now = EnvironmentValue.current(name).digest
                guard now == hashed else {
                    let was = hashed == nil ? "it was unset then" : now == nil ? "it is unset here" : "its value differs"
                    throw ScriptingError.invalidScenario("os.getenv: the environment variable '\(name)' is not what it was when the "
                        + "experiment started (\(was)): the experiment hash covers its value then; run the cell where it has that value, "
                        + "or run the experiment again")
                }
            case .file(let name):
                guard let hashed = digests[name] else {
                    throw ScriptingError.invalidScenario("\(name): this cell opened a file for reading which the experiment hash does not cover "
                        + "(loading the scenario did not open it, and no parameter value names it): open it while the scenario loads, "
                        + "or give its name as a parameter value, so the hash covers it")
                }
                let now = try DataFile.current(name).digest
                guard now == hashed else {
                    let was = hashed == nil ? " (it did not exist then)" : now == nil ? " (it no longer exists)" : ""
                    throw ScriptingError.invalidScenario("\(name): changed since the experiment started\(was): "
                        + "the experiment hash covers the content it had then; run the experiment again")
                }
            }
        }
    }

    static func refusal(command: String) -> ScriptingError {
        ScriptingError.invalidScenario("io.popen: an experiment cannot hash a command's output ('\(command)'): "
            + "write it to a file and read the file instead")
    }

    /// The files and environment variables read while the scenario loaded, under every plugin choice.
    final class LoadedReads {
        var files: [String: DataFile] = [:]
        var environment: [String: EnvironmentValue] = [:]
    }
}
