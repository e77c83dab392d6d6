#!/usr/bin/env bash
# The explorer's cost (issue 17): interleavings per second for the pager model of the original
# story, and the cost of one step, in release (and debug with CONFIGS="debug release").
# Its search power (issue 32): for bug models (the story's pager, a lost update among three
# tasks, a depth-3 bug among four tasks of eight points, a lock-order deadlock between two), the
# runs each strategy needs until the first failure, median and worst over 20 seeds (RUNS caps
# them, 3,000 by default), and wall time.
# Not a test: nothing here passes or fails on time.
#
#   Benchmarks/explore.sh
#   CONFIGS="debug release" Benchmarks/explore.sh
#   PARTS=cost Benchmarks/explore.sh      # the cost alone (also against a RUNDOWN_ROOT from before issue 32)
#   PARTS=search RUNS=1000 Benchmarks/explore.sh
#
# Wall clock swings by ±50 % on shared machines; each figure is a run of at least 2 seconds.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
configs="${CONFIGS:-release}"
parts="${PARTS:-cost search}"
work="${WORKDIR:-$(mktemp -d)}"

mkdir -p "$work/Sources/ExploreBench" "$work/Sources/ExploreSearch"
cp "$here/explore/main.swift" "$work/Sources/ExploreBench/main.swift"
cp "$here/explore-search/"*.swift "$work/Sources/ExploreSearch/"
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
        .executableTarget(
            name: "ExploreSearch", dependencies: [.product(name: "RundownConcurrency", package: "Rundown")]),
    ],
    swiftLanguageModes: [.v6]
)
PKG

for config in $configs; do
    echo "== $config"
    for part in $parts; do
        case "$part" in
            cost) product=ExploreBench ;;
            search) product=ExploreSearch ;;
            *) echo "PARTS: '$part' is not one of: cost search" >&2; exit 2 ;;
        esac
        swift build --package-path "$work" -c "$config" --product "$product" >/dev/null
        "$work/.build/$config/$product"
    done
done
