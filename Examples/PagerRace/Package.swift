// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "PagerRace",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Rundown", path: "../..")],
    targets: [
        .target(name: "Feed"),
        .testTarget(name: "FeedTests", dependencies: ["Feed", .product(name: "Rundown", package: "Rundown")]),
    ]
)
