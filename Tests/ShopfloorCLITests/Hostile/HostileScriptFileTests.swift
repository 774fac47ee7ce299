import Foundation
import Testing

/// Script files that are not files: devices (`run /dev/zero` read 7 GB in 13 s), FIFOs, sockets,
/// huge files — as the scenario, as a module `require` loads, as a plugin. Each is refused with a
/// message naming the path (and the limit), exit 1, promptly, and nothing is changed.
/// Devices are reached through symlinks in a temporary folder, never by touching the system's `/dev`.
@Suite("Hostile: script files that are not files")
struct HostileScriptFileTests {
    @Test(arguments: ["run", "check"])
    func test_characterDevice_isRefused(command: String) throws {
        let r = try Shell.runWithin(30, [command, "/dev/zero"])
        #expect(r.exitedCleanly, "the read did not end (or crashed): \(String(describing: r.signal))")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot open /dev/zero: not a regular file (a device or socket); to read standard input, pass -\n")
        #expect(r.stdout == "")
    }

    @Test func test_symlinkToADevice_isRefused_andLeftInPlace() throws {
        let folder = try TemporaryFolder()
        let link = folder.path + "/zero.lua"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/zero")
        let r = try Shell.runWithin(30, ["run", link])
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr.contains("cannot open \(link): not a regular file"), "\(r.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "/dev/zero")
    }

    @Test func test_oversizedScenario_isRefusedNamingTheLimit() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("big.lua", "")
        // Sparse: 17 MiB of zero bytes that take no disk space.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let r = try Shell.runWithin(30, ["run", path])
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr == "error: cannot read \(path): larger than 16 MiB, the limit for a Lua script file\n")
    }

    @Test func test_oversizedModule_isRefusedByRequire() throws {
        let folder = try TemporaryFolder()
        let main = folder.write("main.lua", "local ok, err = pcall(require, 'big')\nprint(ok, err)\n")
        let big = folder.write("big.lua", "")
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let r = try Shell.runWithin(30, ["run", main])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "false\tcannot read \(big): larger than 16 MiB, the limit for a Lua script file\n")
    }

    @Test func test_oversizedPlugin_isRefused() throws {
        let folder = try TemporaryFolder()
        let main = folder.write("main.lua", "print('never')\n")
        let plugin = folder.write("extra/huge.lua", "")
        let handle = try #require(FileHandle(forWritingAtPath: plugin))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        let r = try Shell.runWithin(30, ["run", main, "--plugins", folder.path + "/extra"])
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr.contains("cannot read \(plugin): larger than 16 MiB"), "\(r.stderr)")
        #expect(r.stdout == "")
    }

    /// A FIFO nobody writes to does not block the open, and an empty read is refused, not run.
    @Test func test_fifoWithoutWriter_isRefusedPromptly() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.lua"
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try Shell.runWithin(30, ["run", fifo])
        #expect(r.exitedCleanly, "opening a FIFO without a writer hung")
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot read \(fifo): nothing came through the FIFO (is anything writing to it?)\n")
    }

    @Test func test_directory_isRefused() throws {
        let folder = try TemporaryFolder()
        let r = try Shell.runWithin(30, ["run", folder.path])
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr == "error: cannot open \(folder.path): is a directory\n")
    }
}
