// swift-tools-version: 6.2
import PackageDescription

// The target graph keeps the architecture's direction: the engine knows no DSL
// and no test framework; the DSL only builds values for the engine; each test
// framework is reached through a thin support target; `Rundown` ties them
// together and is the one module users import.
let package = Package(
    name: "Rundown",
    products: [
        .library(name: "Rundown", targets: ["Rundown"]),
    ],
    targets: [
        .target(name: "RundownEngine"),
        .target(name: "RundownDSL", dependencies: ["RundownEngine"]),
        .target(name: "RundownXCTestSupport", dependencies: ["RundownEngine"]),
        .target(name: "RundownTestingSupport", dependencies: ["RundownEngine"]),
        .target(
            name: "Rundown",
            dependencies: ["RundownEngine", "RundownDSL", "RundownXCTestSupport", "RundownTestingSupport"]
        ),
        .executableTarget(name: "RundownExamples", dependencies: ["Rundown"], path: "Examples"),
        .testTarget(name: "RundownTests", dependencies: ["Rundown"]),
        .testTarget(name: "RundownXCTests", dependencies: ["Rundown"]),
    ],
    swiftLanguageModes: [.v6]
)
