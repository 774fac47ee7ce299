import ArgumentParser

/// An error a command met after its command line parsed: printed as `error: <message>` on stderr,
/// exit code 1. Anything else thrown is ArgumentParser's (usage: exit 64; help and version: 0).
public struct CommandFailure: Error, CustomStringConvertible {
    public let underlying: Error
    public init(_ underlying: Error) { self.underlying = underlying }
    public var description: String { String(describing: underlying) }
}

/// A subcommand whose work is `execute()`: its errors become `CommandFailure`s (exit 1), except
/// ArgumentParser's own (`ValidationError` → 64, `ExitCode`, `CleanExit`).
protocol ShopfloorSubcommand: ParsableCommand {
    func execute() throws
}

extension ShopfloorSubcommand {
    func run() throws {
        do {
            try execute()
        } catch let error as ExitCode {
            throw error
        } catch let error as CleanExit {
            throw error
        } catch let error as ValidationError {
            throw error
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(error)
        }
    }
}
