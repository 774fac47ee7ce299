import Foundation
import Testing

/// A title, file or code that starts with `-` is read by ArgumentParser as a cluster of short options, and one
/// holding an `h` is `-h`: `board add "-fix the bug"` printed the help and exited 0 with no task added, so a
/// script saw success. Such a word in a command line that does not parse (or parses as that help) is now refused
/// (exit 64), saying how to give it, with the command's usage when the parser has one; after `--` a title is
/// taken as written.
@Suite("A word starting with '-' is never taken for -h")
struct HostileDashArgumentTests {
    @Test func test_boardAdd_aTitleStartingWithDash_isRefused_notHelpAndSuccess() throws {
        let board = try BoardFixture()
        let r = try board.run(["add", "-fix the bug"])
        #expect(r.status == 64, "\(r.stdout)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(r.stderr.hasPrefix("Error: '-fix the bug' starts with '-', so it would be read as options (-f, -i, -x, …): a title or code that starts with '-' goes after '--' (shopfloor board add --db "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix(" -- '-fix the bug')\n"), "\(r.stderr)")
        #expect(try board.json().values.allSatisfy(\.isEmpty))
        // As the message says: options first, the title after `--`.
        let added = try Shell.run(["board", "--db", board.db, "add", "--", "-fix the bug"], environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try board.json()["todo"]?.map { $0["title"] as? String } == ["-fix the bug"])
    }

    @Test func test_anOptionsValue_isGivenWithEquals() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write"])
        let r = try board.run(["edit", "1", "--title", "-fix it"])
        #expect(r.status == 64)
        // Only '=' gives an option its value: after '--' the word would be a positional argument.
        #expect(r.stderr.hasPrefix("Error: '-fix it' starts with '-', so it would be read as options (-f, -i, -x, …): write --title='-fix it' (a value that starts with '-' is given with '=')\nUsage: shopfloor board edit "), "\(r.stderr)")
        #expect(try board.ok(["edit", "1", "--title=-fix it"]).contains("-fix it"))
    }

    /// `--shard -1/2`, `--seed -12`, `--title -5`: the option takes a value (read from the command's definition),
    /// so the message says '=' alone. Changed: it also said "or put it after '--'", which makes the word a
    /// positional argument; a number was left to ArgumentParser ("Missing value for '--seed <seed>'").
    @Test func test_anOptionsValue_startingWithDash_isGivenWithEqualsOnly() throws {
        let shard = try Shell.run(["experiment", "e.lua", "--shard", "-1/2"])
        #expect(shard.status == 64)
        #expect(shard.stderr.hasPrefix("Error: '-1/2' starts with '-', so it would be read as options (-1, -/, -2, …): write --shard=-1/2 (a value that starts with '-' is given with '=')\n"), "\(shard.stderr)")
        let seed = try Shell.run(["eval", "--seed", "-12", "return 1"])
        #expect(seed.status == 64)
        #expect(seed.stderr.hasPrefix("Error: '-12' starts with '-', so it would be read as an option: write --seed=-12 (a value that starts with '-' is given with '=')\nUsage: shopfloor eval "), "\(seed.stderr)")
        let board = try BoardFixture()
        try board.ok(["add", "Write"])
        let title = try board.run(["edit", "1", "--title", "-5"])
        #expect(title.status == 64)
        #expect(title.stderr.hasPrefix("Error: '-5' starts with '-', so it would be read as an option: write --title=-5 (a value that starts with '-' is given with '=')\n"), "\(title.stderr)")
        #expect(try board.ok(["edit", "1", "--title=-5"]).contains("-5"))
    }

    /// `board add -5`: ArgumentParser read the number as an option and said only "Missing expected argument
    /// '<title>'"; it gets the guidance a dashed title gets (exit 64), also behind an option that takes a value.
    @Test func test_boardAdd_aNumberAsTitle_isToldToGoAfterDashes() throws {
        let board = try BoardFixture()
        for (arguments, shown) in [(["add", "-5"], "add --db"), (["add", "--state", "doing", "-5"], "add --state doing --db")] {
            let r = try board.run(arguments)
            #expect(r.status == 64, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: '-5' starts with '-', so it would be read as an option: a title that starts with '-' goes after '--' (shopfloor board \(shown) "), "\(r.stderr)")
            #expect(r.stderr.contains(" -- -5)\nUsage: shopfloor board add "), "\(r.stderr)")
            #expect(!r.stderr.contains("Missing expected argument"), "\(r.stderr)")
        }
        #expect(try board.json().values.allSatisfy(\.isEmpty))
        let added = try Shell.run(["board", "--db", board.db, "add", "--", "-5"], environment: ["TZ": "UTC"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try board.json()["todo"]?.map { $0["title"] as? String } == ["-5"])
        // An id stays the id's error (BoardNegativeID), exit 1.
        let show = try board.run(["show", "-1"])
        #expect(show.status == 1)
        #expect(show.stderr == "error: id must be a positive whole number (got \"-1\")\n", "\(show.stderr)")
    }

    @Test func test_aFileStartingWithDash_isNamedByItsPath() throws {
        let folder = try TemporaryFolder()
        folder.write("-hello.lua", "print('hi')\n")
        let r = try Shell.run(["run", "-hello.lua"], in: folder.url)
        #expect(r.status == 64)
        #expect(r.stderr == "Error: '-hello.lua' starts with '-', so it would be read as options (-h, -e, -l, …): name a file that starts with '-' by its path (shopfloor run ./-hello.lua)\n", "\(r.stderr)")
        let ran = try Shell.run(["run", "./-hello.lua"], in: folder.url)
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.hasPrefix("hi\n"), "\(ran.stdout)")
    }

    /// A long option with one dash too few gets a did-you-mean; numbers and words after `--` are left alone.
    @Test func test_oneDashTooFew_andWhatIsLeftAlone() throws {
        let help = try Shell.run(["-help"])
        #expect(help.status == 64)
        #expect(help.stdout.isEmpty)
        #expect(help.stderr.contains("did you mean '--help'?"), "\(help.stderr)")
        let code = try Shell.run(["eval", "--", "-1+2"])
        #expect(code.status == 0, "\(code.stderr)")
        #expect(code.stdout == "1\n")
        let script = try Shell.run(["eval", "--seed=-12", "return 1"])
        #expect(script.status == 0, "\(script.stderr)")
    }
}
