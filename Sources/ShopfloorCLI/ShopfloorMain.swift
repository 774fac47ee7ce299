import ArgumentParser
import Foundation

/// The whole program, so `main.swift` stays one line and tests can call it in-process.
///
/// Exit codes: 0 success; 1 an error after the command line parsed (its message on stderr);
/// 64 (`EX_USAGE`) when the command line itself does not parse or asks for the impossible.
public enum ShopfloorMain {
    public static func main(_ arguments: [String]? = nil) -> Never {
        let command: ParsableCommand
        do {
            command = try ShopfloorCommand.parseAsRoot(arguments)
        } catch {
            ShopfloorCommand.exit(withError: error)
        }
        do {
            var runnable = command
            try runnable.run()
            StandardStreams.flush()
            exit(0)
        } catch let error as ExitCode {
            StandardStreams.flush()
            exit(error.rawValue)
        } catch let error as CleanExit {
            StandardStreams.flush()
            ShopfloorCommand.exit(withError: error)
        } catch let error as ValidationError {
            StandardStreams.flush()
            ShopfloorCommand.exit(withError: error)
        } catch {
            StandardStreams.flush()
            StandardStreams.error("error: \(error)\n")
            exit(1)
        }
    }
}
