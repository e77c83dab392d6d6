// swift-tools-version: 6.3
import PackageDescription

let package = Package(
    name: "Uploader",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Rundown", path: "../..")],
    targets: [
        // App code: it needs only the task-starting seam, and links no test framework.
        .target(name: "Uploads", dependencies: [.product(name: "RundownTasks", package: "Rundown")]),
        .testTarget(name: "UploadsTests", dependencies: ["Uploads", .product(name: "Rundown", package: "Rundown")]),
    ]
)
