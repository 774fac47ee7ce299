import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Board config and location")
struct BoardConfigTests {
    @Test("board.toml: keys, [params], comments and quoting")
    func readsTheSubsetOfTOML() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.toml")
        try """
            # comment
            rule = "standard"   # trailing comment
            rules = 'my rules.lua'
            remote = "postgres://ada@db/shop?sslmode=require"

            [params]
            max_doing = 4
            label = "a # not a comment"
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let config = try BoardConfig.load(path: path)
        #expect(config.rule == "standard")
        #expect(config.rulesPath == folder.path("my rules.lua"))
        #expect(config.remote == "postgres://ada@db/shop?sslmode=require")
        #expect(config.parameters == ["max_doing": "4", "label": "a # not a comment"])
        #expect(!config.holdsPassword)
    }

    @Test("a missing config is empty; a bad line names file:line")
    func errorsNameTheLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(try BoardConfig.load(path: folder.path("none.toml")) == BoardConfig(path: folder.path("none.toml")))
        let path = folder.path("board.toml")
        try "rule = \"x\"\n\nshape = \"round\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(boardError { _ = try BoardConfig.load(path: path) }
            == .config("board.toml:3: unknown key 'shape' (keys: rule, rules, remote, password, [params])"))
        try "[colours]\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(boardError { _ = try BoardConfig.load(path: path) } == .config("board.toml:1: unknown section [colours] (known: [params])"))
    }

    @Test("saving the remote keeps other lines and makes the file private")
    func saveRemoteKeepsTheRest() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.toml")
        try "rule = \"standard\"\nremote = \"postgres://old/x\"\n\n[params]\nmax_doing = 2\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        try BoardConfig.saveRemote("postgres://ada:pw@new/shop", path: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == "rule = \"standard\"\nremote = \"postgres://ada:pw@new/shop\"\n\n[params]\nmax_doing = 2\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try BoardConfig.load(path: path).holdsPassword)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(boardError { _ = try BoardConfig.load(path: path) }?.description.contains("holds a password but others may read it") == true)
    }

    @Test("the default database is in the user data folder")
    func defaultLocation() throws {
        #if os(Linux)
        #expect(try BoardLocation.defaultPath(environment: ["HOME": "/home/ada"]) == "/home/ada/.local/share/shopfloor/board.sqlite")
        #expect(try BoardLocation.defaultPath(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data"]) == "/data/shopfloor/board.sqlite")
        #endif
        #expect(try BoardLocation.resolve(option: "x.sqlite", environment: ["SHOPFLOOR_BOARD_DB": "y.sqlite"]) == "x.sqlite")
        #expect(try BoardLocation.resolve(option: nil, environment: ["SHOPFLOOR_BOARD_DB": "y.sqlite"]) == "y.sqlite")
        #expect(BoardLocation.configPath(forDatabase: "/a/team.sqlite") == "/a/team.toml")
    }
}

@Suite("Remote URLs and credentials")
struct RemoteTargetTests {
    @Test("URL parts, defaults and sslmode")
    func parsesTheURL() throws {
        let target = try RemoteTarget(url: "postgres://ada@db.example.com:6543/shop?sslmode=require", environment: [:])
        #expect(target.host == "db.example.com" && target.port == 6543 && target.user == "ada" && target.database == "shop")
        #expect(target.tls == .require)
        #expect(target.description == "postgres://ada@db.example.com:6543/shop?sslmode=require")
        let plain = try RemoteTarget(url: "postgresql://db", environment: ["USER": "bob"])
        #expect(plain.user == "bob" && plain.database == "bob" && plain.port == 5432 && plain.tls == .prefer)
        #expect(boardError { _ = try RemoteTarget(url: "mysql://x", environment: [:]) } != nil)
        #expect(boardError { _ = try RemoteTarget(url: "postgres://db/x?sslmode=maybe", environment: [:]) }?
            .description.hasPrefix("sslmode must be one of") == true)
    }

    @Test("passwords: URL, then PGPASSWORD, then config, then a private ~/.pgpass; never in the description")
    func findsThePassword() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pgpass = folder.path("pgpass")
        try "# comment\nother:5432:*:ada:nope\ndb:*:shop:ada:from\\:file\n".write(toFile: pgpass, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass)
        let env = ["PGPASSFILE": pgpass]
        #expect(try RemoteTarget(url: "postgres://ada:inurl@db/shop", environment: env).password == "inurl")
        #expect(try RemoteTarget(url: "postgres://ada@db/shop", environment: env.merging(["PGPASSWORD": "env"]) { $1 }).password == "env")
        #expect(try RemoteTarget(url: "postgres://ada@db/shop", configPassword: "config", environment: env).password == "config")
        let fromFile = try RemoteTarget(url: "postgres://ada@db/shop", environment: env)
        #expect(fromFile.password == "from:file")
        #expect(!fromFile.description.contains("from"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pgpass)
        #expect(try RemoteTarget(url: "postgres://ada@db/shop", environment: env).password == nil)
        #expect(RemoteTarget.redacting("postgres://ada:secret@db/shop") == "postgres://ada:***@db/shop")
    }
}
