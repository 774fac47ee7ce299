import Foundation
import ShopfloorTestSupport
import Testing

/// An argument that is not UTF-8 reached the commands with its bad bytes replaced by U+FFFD: `shopfloor run
/// caf\xE9.lua` said "cannot open caf\u{FFFD}.lua: no such file" about a file that is there, and a `--set` value or a
/// script argument was silently changed. Such a command line is refused now (exit 64), naming the argument with
/// its bytes shown as `\xNN`; nothing runs. The arguments are made by the shell (`printf`), as a user's would be.
@Suite("Hostile: arguments that are not UTF-8")
struct HostileNonUTF8ArgumentTests {
    static let message = "is not UTF-8 (shown with its bytes as \\xNN): shopfloor reads file names, values and script arguments as UTF-8; rename the file or recode the value\n"

    /// Runs `script` in sh in a fresh folder holding a Latin-1-named scenario, with "$0" the shopfloor binary.
    func attack(_ script: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        let setup = "printf 'print(\"ran\")\\n' > \"$(printf 'caf\\351.lua')\"; "
        _ = try Shell.capture(URL(fileURLWithPath: "/bin/sh"), ["-c", setup], in: folder.url)
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/sh"), ["-c", script, Shell.executable.path], in: folder.url)
        let listing = try Shell.capture(URL(fileURLWithPath: "/bin/sh"), ["-c", "ls | wc -l"], in: folder.url)
        #expect(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1", "the folder changed")
        return r
    }

    @Test(arguments: [
        ("exec \"$0\" run \"$(printf 'caf\\351.lua')\"", "'caf\\xE9.lua'"),
        ("exec \"$0\" check \"$(printf 'caf\\351.lua')\"", "'caf\\xE9.lua'"),
        ("exec \"$0\" run \"$(printf 'caf\\303\\251.lua')\" --set \"$(printf 'name=\\377')\"", "'name=\\xFF'"),
        ("exec \"$0\" eval 'return ...' -- \"$(printf 'x\\377\\376y')\"", "'x\\xFF\\xFEy'"),
    ])
    func refused(script: String, shown: String) throws {
        let r = try attack(script)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == "Error: the argument \(shown) " + Self.message, "\(r.stderr)")
        #expect(r.stdout == "")
    }
}
