import Foundation
import Testing

/// Issue 16, "beyond one machine": a sharded experiment on a real single-node Slurm cluster gives the
/// single-machine result byte for byte. `scripts/slurm/check` does the work (starts the cluster in a
/// temporary folder, submits 3 shards as a job array and the merge with `afterok`, compares with
/// `--jobs 1`); these tests run it with the built binary and a small experiment, so the suite and CI prove
/// it on every run. Slurm and munge come from `scripts/bootstrap --tests`; without them the check fails,
/// and so do these tests: nothing here skips.
@Suite("Experiments sharded on a Slurm cluster", .serialized)
struct SlurmClusterTests {
    static let check = URL(fileURLWithPath: Shell.repository.path + "/scripts/slurm/check")
    static let experiment = Shell.repository.path + "/Tests/Slurm/small_experiment.lua"

    /// The folder the check says it works in (`check: … working in /tmp/shopfloor-slurm-check-…`).
    static func workingFolder(_ output: String) -> String? {
        guard let range = output.range(of: "working in ") else { return nil }
        return String(output[range.upperBound...].prefix { !$0.isWhitespace })
    }

    /// munged's socket, as local-cluster announces it (`munged: starting (socket /run/munge/….socket; …`).
    static func mungeSocket(_ output: String) -> String? {
        guard let range = output.range(of: "munged: starting (socket ") else { return nil }
        return String(output[range.upperBound...].prefix { $0 != ";" && !$0.isWhitespace })
    }

    /// PIDs of processes whose command line mentions `text` (a daemon the check left behind would).
    static func processes(mentioning text: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { name in
            guard name.allSatisfy(\.isNumber),
                  let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") else { return false }
            return String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).contains(text)
        }
    }

    /// The check removed its folder, no process of its cluster runs, and munged's socket and lock are gone.
    static func expectNothingLeft(_ r: Shell.Result) throws {
        let folder = try #require(workingFolder(r.stdout))
        #expect(!FileManager.default.fileExists(atPath: folder), "the check left \(folder) behind")
        #expect(processes(mentioning: folder).isEmpty, "daemons of \(folder) still run")
        let socket = try #require(mungeSocket(r.stdout))
        #expect(socket.hasPrefix("/run/munge/shopfloor-"))
        for path in [socket, socket + ".lock"] {
            #expect(!FileManager.default.fileExists(atPath: path), "the check left \(path) behind")
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func threeShardsOnSlurmMergedAreTheBytesOfOneThread() throws {
        let r = try Shell.capture(Self.check, [Self.experiment], environment: ["BIN": Shell.executable.path])
        #expect(r.status == 0, "scripts/slurm/check failed:\n\(r.stdout)\n\(r.stderr)")
        #expect(r.stdout.contains("check: ok: 3 shards on Slurm, merged, are byte-identical to --jobs 1"))
        try Self.expectNothingLeft(r)
    }

    /// A cluster that cannot start (here a `slurmctld` that exits 1 first on the PATH) fails the check with
    /// a message, and stops what had started (munged): it never reports success without Slurm.
    @Test(.timeLimit(.minutes(2)))
    func aClusterThatCannotStartFailsTheCheck() throws {
        let bin = try TemporaryFolder()
        let broken = bin.write("slurmctld", "#!/bin/sh\necho 'slurmctld: broken on purpose' >&2\nexit 1\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: broken)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/sbin:/usr/bin:/sbin:/bin")
        let r = try Shell.capture(Self.check, [Self.experiment], environment: ["BIN": Shell.executable.path, "PATH": path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("check: FAILED: the Slurm cluster did not start"), "stderr:\n\(r.stderr)")
        #expect(!r.stdout.contains("check: ok"))
        try Self.expectNothingLeft(r)
    }
}
