#!/usr/bin/env bash
# The explorer's cost (issue 17): interleavings per second for the pager model of the original
# story, and the cost of one step, in release (and debug with CONFIGS="debug release").
# Not a test: nothing here passes or fails on time.
#
#   Benchmarks/explore.sh
#   CONFIGS="debug release" Benchmarks/explore.sh
#
# Wall clock swings by ±50 % on shared machines; each figure is a run of at least 2 seconds.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
configs="${CONFIGS:-release}"
work="${WORKDIR:-$(mktemp -d)}"

mkdir -p "$work/Sources/ExploreBench"
cp "$here/explore/main.swift" "$work/Sources/ExploreBench/main.swift"
cat > "$work/Package.swift" <<PKG
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "ExploreBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Rundown", path: "$rundown")],
    targets: [
        .executableTarget(
            name: "ExploreBench", dependencies: [.product(name: "RundownConcurrency", package: "Rundown")]),
    ],
    swiftLanguageModes: [.v6]
)
PKG

for config in $configs; do
    swift build --package-path "$work" -c "$config" >/dev/null
    echo "== $config"
    "$work/.build/$config/ExploreBench"
done
