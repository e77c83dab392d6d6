// swift-tools-version: 6.3
// 6.3, not 6.2: Rundown uses Swift Testing API that 6.3 introduced (issue severity for the
// warnings that list skipped paths, `Issue.isFailure`, `Test.cancel`).
import PackageDescription

// The target graph keeps the architecture's direction: `RundownCore` holds the
// little the engine and the toolkit share (code locations, explained errors,
// the one lock type, the run context and its sink), so that the toolkit does
// not import the engine; the engine knows no DSL and no test framework; the DSL only builds values for the engine; each test
// framework is reached through a thin support target; `Rundown` ties them
// together and is the one module users import. `RundownSettings` reads the
// `RUNDOWN_*` environment, once, for `Rundown` and the toolkit, which hand the
// engine what it needs as values. `RundownConcurrency` (locks,
// gates, task tracking, polling) stands apart from the DSL: it is its own
// product, and `Rundown` re-exports it. `RundownTasks` holds only what
// production code injects (the task-starting seam); it depends on nothing and
// links no test framework, and `RundownConcurrency` re-exports it.
//
// Every closure of a spec runs where the code that called `spec` runs (its
// actor, the main actor included): a nonisolated `async` function or closure
// type in the spec's targets runs on its caller's executor instead of hopping
// to the global one, unless it is marked `@concurrent`.
let callerIsolation: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "Rundown",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Rundown", targets: ["Rundown"]),
        .library(name: "RundownConcurrency", targets: ["RundownConcurrency"]),
        .library(name: "RundownTasks", targets: ["RundownTasks"]),
    ],
    targets: [
        // What the engine and the toolkit share: code locations, explained errors, the one lock
        // type, seeded random numbers, the run context and the one road of failures.
        .target(name: "RundownCore", swiftSettings: callerIsolation),
        .target(name: "RundownEngine", dependencies: ["RundownCore"], swiftSettings: callerIsolation),
        // The `RUNDOWN_*` settings, read from the environment in one place: the engine reads none.
        .target(name: "RundownSettings", dependencies: ["RundownEngine"]),
        .target(name: "RundownTasks"),
        .target(
            name: "RundownConcurrency",
            dependencies: [
                "RundownCore", "RundownTasks", "RundownSettings", "RundownXCTestSupport", "RundownTestingSupport",
            ]),
        .target(name: "RundownDSL", dependencies: ["RundownEngine"], swiftSettings: callerIsolation),
        .target(name: "RundownXCTestSupport", dependencies: ["RundownEngine"], swiftSettings: callerIsolation),
        .target(name: "RundownTestingSupport", dependencies: ["RundownEngine"], swiftSettings: callerIsolation),
        .target(
            name: "Rundown",
            dependencies: [
                "RundownEngine", "RundownSettings", "RundownDSL", "RundownXCTestSupport", "RundownTestingSupport",
                "RundownConcurrency",
            ],
            swiftSettings: callerIsolation
        ),
        // Examples/*.swift; each subfolder of Examples is an example package of its own.
        .executableTarget(
            name: "RundownExamples", dependencies: ["Rundown"], path: "Examples",
            exclude: ["README.md", "SpecBasics", "SharedResource", "PagerRace", "Uploader"]
        ),
        // What the three test targets share (SourceLine's markers, Log, Locked, PackageRoot); it links no
        // Rundown module, so RundownConcurrencyTests keeps testing the toolkit without the DSL.
        .target(name: "RundownTestSupport", path: "Tests/RundownTestSupport"),
        .testTarget(name: "RundownTests", dependencies: ["Rundown", "RundownTestSupport"]),
        .testTarget(name: "RundownXCTests", dependencies: ["Rundown", "RundownTestSupport"]),
        .testTarget(name: "RundownConcurrencyTests", dependencies: ["RundownConcurrency", "RundownTestSupport"]),
        // A user's program with no test framework driving it; HostOutputTests runs it in a child process.
        .executableTarget(
            name: "RundownNoHostFixture", dependencies: ["Rundown"], path: "Tests/RundownNoHostFixture"),
        // Fails on purpose, only with RUNDOWN_FIXTURES=1; RundownTests runs it in a child process.
        .testTarget(name: "RundownHostFixtures", dependencies: ["Rundown"]),
    ],
    swiftLanguageModes: [.v6]
)
