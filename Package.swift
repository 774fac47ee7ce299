// swift-tools-version: 6.1
// Shopfloor: service-counter and workflow scenarios in Lua over a native Swift core.
//
// Targets, one arrow direction (docs/architecture.md):
//   shopfloor (exe) → ShopfloorCLI → ShopfloorScripting → { ShopfloorCore, ShopfloorBoard, LuaKit → CLua,
//                                                          CShopfloorHooks (C fast paths) → CLua's header }
// Only LuaKit imports CLua (FenceTests checks it).
//   ShopfloorScripting, ShopfloorBoard and LuaKit → ShopfloorText (shared text and path rules; imports nothing).
// ShopfloorCore and ShopfloorBoard never import Lua; LuaKit never imports the domain.
// Traits: PostgresSync (off by default) compiles the board's PostgreSQL sync.
import PackageDescription

let package = Package(
    name: "Shopfloor",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "shopfloor", targets: ["shopfloor"]),
        .library(name: "LuaKit", targets: ["LuaKit"]),
        .library(name: "ShopfloorCore", targets: ["ShopfloorCore"]),
    ],
    // Board sync with PostgreSQL is opt-in: postgres-nio brings swift-nio, swift-nio-ssl and
    // swift-crypto (two vendored BoringSSL copies), about 95 % of a clean build. Off by default so a
    // first build takes minutes; `swift build --traits PostgresSync` (or `scripts/install --with-sync`)
    // builds it in. Without it, `board sync` says how to rebuild; everything local works.
    traits: [
        .trait(name: "PostgresSync", description: "Board sync with a PostgreSQL server (builds postgres-nio)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/JohnSundell/Plot", from: "0.14.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The system Lua 5.4 plus one header of static-inline wrappers and the error trampoline.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"]), .brew(["lua@5.4"])]
        ),
        .target(name: "LuaKit", dependencies: ["CLua", "ShopfloorText"]),
        // The scripting layer's per-event C fast paths (hooks, generators, stock rules), built on CLua's
        // header; only ShopfloorScripting uses them. No `export *`: importing it does not expose CLua.
        .systemLibrary(name: "CShopfloorHooks"),
        // libedit (readline-compatible): line editing, history and completion in the REPL.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
        ),
        // Text rules every layer shares: the "unknown X (…; did you mean Y?)" message, one escaper per output
        // format (JSON, CSV, HTML, the terminal's control characters) and the one JSON writer (JSONValue).
        // Below the board, the scripting layer and experiments, so each has one copy.
        .target(name: "ShopfloorText"),
        // Experiments' data: the design, shard records, statistics and rendering. Imports no Lua: `merge`
        // combines shard files with this alone. ShopfloorScripting imports it to read experiment files
        // into a design and run cells (Sources/ShopfloorScripting/Experiment/).
        .target(name: "ShopfloorExperiment", dependencies: ["ShopfloorText"]),
        .target(
            name: "ShopfloorCore",
            dependencies: [
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "ShopfloorBoard",
            dependencies: [
                "ShopfloorText",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgresSync"])),
            ]
        ),
        .target(
            name: "ShopfloorScripting",
            dependencies: ["LuaKit", "CShopfloorHooks", "ShopfloorCore", "ShopfloorBoard", "ShopfloorText", "ShopfloorExperiment"]
        ),
        .target(
            name: "ShopfloorCLI",
            dependencies: [
                "ShopfloorScripting",
                "ShopfloorExperiment",
                "ShopfloorText",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Plot", package: "Plot"),
            ]
        ),
        .executableTarget(name: "shopfloor", dependencies: ["ShopfloorCLI"]),
        // Benchmarks print figures; they are not tests and never fail on timing.
        .executableTarget(
            name: "shopfloor-bench",
            dependencies: ["LuaKit", "ShopfloorText", "ShopfloorCore"],
            path: "Sources/Benchmarks"
        ),
        // Helpers every test target shares (TemporaryFolder); a library for tests, never shipped.
        .target(name: "ShopfloorTestSupport", path: "Tests/ShopfloorTestSupport"),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "ShopfloorTestSupport"]),
        .testTarget(name: "ShopfloorCoreTests", dependencies: ["ShopfloorCore", "ShopfloorTestSupport"]),
        .testTarget(name: "ShopfloorBoardTests", dependencies: ["ShopfloorBoard", "ShopfloorText", "ShopfloorTestSupport"]),
        .testTarget(name: "ShopfloorTextTests", dependencies: ["ShopfloorText"]),
        .testTarget(name: "ShopfloorExperimentTests", dependencies: ["ShopfloorExperiment", "ShopfloorCore", "ShopfloorTestSupport"]),
        .testTarget(
            name: "ShopfloorCLITests",
            dependencies: ["ShopfloorCLI", "LuaKit", "ShopfloorText", "shopfloor", "ShopfloorTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
