// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "SpecBasics",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Rundown", path: "../..")],
    targets: [
        .target(name: "Cart"),
        .testTarget(name: "CartTests", dependencies: ["Cart", .product(name: "Rundown", package: "Rundown")]),
    ]
)
