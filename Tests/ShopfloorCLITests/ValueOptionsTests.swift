import Testing
@testable import ShopfloorCLI

/// Which options take a value is read from the ArgumentParser definitions (ValueOptions), for BoardNegativeID
/// and DashArgument. The hand-kept list it replaces lacked `add --state`, `history --limit` and `--task`, and
/// `sync --remote`: a word after them was taken for a positional argument.
@Suite("The options that take a value, from the commands' definitions")
struct ValueOptionsTests {
    @Test func test_boardOptions_areReadFromTheCommands_flagsAreNot() {
        #expect(ValueOptions.of(arguments: ["board", "add"]).isSuperset(of: ["--db", "--body", "--due", "--state", "--use", "--set", "--rules", "--plugins"]))
        #expect(ValueOptions.of(arguments: ["board", "history"]).isSuperset(of: ["--db", "--limit", "--task"]))
        let sync = ValueOptions.of(arguments: ["board", "sync"])
        #expect(sync.contains("--remote"))
        #expect(!sync.contains("--save"), "a flag takes no value")
        #expect(ValueOptions.all(arguments: ["board", "sync"]).contains("--save"))
        #expect(!ValueOptions.of(arguments: ["board", "add"]).contains("--limit"), "another command's option")
        #expect(ValueOptions.of(arguments: ["experiment"]).contains("--shard"))
    }

    /// `board move --db x.sqlite 3 -1`: with `--db` read as taking a value, the positional count is right.
    @Test func test_negativeID_afterAnOptionWithAValue_isStillFound() {
        #expect(BoardNegativeID.message(arguments: ["board", "move", "--db", "x.sqlite", "3", "-1"]) != nil)
        #expect(BoardNegativeID.isAddTitle(at: 4, in: ["board", "add", "--state", "doing", "-5"]))
        #expect(!BoardNegativeID.isAddTitle(at: 3, in: ["board", "add", "Title", "-5"]))
    }
}
