import ArgumentParser
import Foundation
import LuaKit

/// The whole program, so `main.swift` stays one line.
///
/// Exit codes: 0 success; 1 an error after the command line parsed (`error: …` on stderr), or
/// output that could not be written (stdout on a full disk); 64 (`EX_USAGE`) when the command
/// line itself does not parse or asks for the impossible.
public enum ShopfloorMain {
    public static func main(_ arguments: [String]? = nil) -> Never {
        // A Lua state's close runs the scripts' finalizers, which cannot be interrupted: what the
        // command printed is written out first, so a close cut short by the watchdog loses none of it.
        LuaState.willClose = { StandardStreams.flush() }
        do {
            var command = try ShopfloorCommand.parseAsRoot(arguments)
            try command.run()
            exit(StandardStreams.finish() ? 0 : 1)
        } catch let failure as CommandFailure {
            StandardStreams.error("error: \(failure)\n")
            _ = StandardStreams.finish()
            exit(1)
        } catch {
            let wrote = StandardStreams.finish()
            // Help and --version print through ArgumentParser (stdout): check that write too.
            let code = ShopfloorCommand.exitCode(for: error)
            if code == .success {
                let text = ShopfloorCommand.fullMessage(for: error)
                if !text.isEmpty { StandardStreams.output(text + "\n") }
                exit(StandardStreams.finish() && wrote ? 0 : 1)
            }
            ShopfloorCommand.exit(withError: error)
        }
    }
}
