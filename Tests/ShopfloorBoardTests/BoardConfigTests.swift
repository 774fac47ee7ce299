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

    @Test("TOML it does not understand is refused with board.toml:LINE, never read as another value", arguments: [
        ("rule = '''x", "board.toml:1: multi-line strings are not supported (close ''' on the same line)"),
        ("rule = \"x\" extra", "board.toml:1: unexpected text after the value: \"extra\""),
        ("rule = \"x\"\nrule = \"y\"", "board.toml:2: 'rule' is set twice"),
        ("[params]\nlimits = [1, 2]", "board.toml:2: arrays are not supported (write one value)"),
        ("[params]\nwhen = 1979-05-27", "board.toml:2: expected a quoted string, a number or true/false (got \"1979-05-27\")"),
        ("[params]\nn = 1__0", "board.toml:2: expected a quoted string, a number or true/false (got \"1__0\")"),
        ("[params]\nn = 012", "board.toml:2: expected a quoted string, a number or true/false (got \"012\")"),
        ("[params]\nn = nan", "board.toml:2: expected a quoted string, a number or true/false (got \"nan\")"),
        ("[params]\nt = { a = 1 }", "board.toml:2: inline tables are not supported"),
        ("rule.name = \"x\"", "board.toml:1: dotted keys are not supported ('rule.…')"),
        (#"rule = "a\qb""#, #"board.toml:1: invalid escape \q in a string (known: \" \\ \n \t \r \b \f \e \uXXXX \UXXXXXXXX)"#),
        ("rule =", "board.toml:1: a value is missing after ="),
        ("ruel = \"standard\"", "board.toml:1: unknown key 'ruel'; did you mean 'rule'? (keys: rule, rules, remote, password, [params])"),
        ("remtoe = \"x\"", "board.toml:1: unknown key 'remtoe'; did you mean 'remote'? (keys: rule, rules, remote, password, [params])"),
        ("params = 1", "board.toml:1: unknown key 'params'; did you mean the section [params]? (keys: rule, rules, remote, password, [params])"),
        ("[parms]", "board.toml:1: unknown section [parms]; did you mean [params]? (known: [params])"),
    ])
    func refusesWhatItDoesNotUnderstand(text: String, message: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.toml")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(boardError { _ = try BoardConfig.load(path: path) } == .config(message))
    }

    @Test("TOML's strings and numbers are read as TOML reads them")
    func readsTOMLValues() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.toml")
        try "rule = '''standard'''\nrules = \"\"\"my \"rules\".lua\"\"\"\nremote = \"postgres://ada@db/x\\u0041\"\r\n[params]\nmax_doing = 1_000\nratio = -0.5e-3\n\"quoted key\" = true\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let config = try BoardConfig.load(path: path)
        #expect(config.rule == "standard")
        #expect(config.rules == #"my "rules".lua"#)
        #expect(config.remote == "postgres://ada@db/xA")
        #expect(config.parameters == ["max_doing": "1000", "ratio": "-0.5e-3", "quoted key": "true"])
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

    @Test("an unknown URL parameter lists every accepted one, with the shared did-you-mean")
    func unknownParameter_listsTheAcceptedOnes() {
        #expect(boardError { _ = try RemoteTarget(url: "postgres://db/x?sslmod=require", environment: [:]) }?.description
            == "the remote URL has an unknown parameter 'sslmod' (known: application_name, connect_timeout, sslmode; did you mean 'sslmode'?)")
        #expect(boardError { _ = try RemoteTarget(url: "postgres://db/x?colour=red", environment: [:]) }?.description
            == "the remote URL has an unknown parameter 'colour' (known: application_name, connect_timeout, sslmode)")
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
