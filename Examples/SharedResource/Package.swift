// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "SharedResource",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Rundown", path: "../..")],
    targets: [
        .target(name: "Screens"),
        .testTarget(name: "ScreensTests", dependencies: ["Screens", .product(name: "Rundown", package: "Rundown")]),
    ]
)
