#!/usr/bin/env bash
# How punctually the toolkit's deadlines fire: for each wait (a gate no one opens or reaches,
# eventually on a condition that never holds, waitForAll on a task that never ends, withLock behind
# a holder that never lets go), the milliseconds between its deadline and its error, smallest,
# median and largest over the samples. Not a test: the tests check which deadline fired and what
# its error says, never how late (on a loaded machine a 50 ms deadline has fired seconds late, with
# nothing wrong in the toolkit). Compare the numbers on a quiet machine, before and after a change.
#
#   Benchmarks/deadlines.sh                          debug build, 50 ms deadlines, 20 samples each
#   DEADLINE_MS=10 SAMPLES=100 CONFIG=release Benchmarks/deadlines.sh
#   RUNDOWN_ROOT=/path/to/other/checkout             measure another version of Rundown
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
config="${CONFIG:-debug}"
work="${WORKDIR:-$(mktemp -d)}"

mkdir -p "$work/Sources/Probe"
cp "$here/deadlines/Probe.swift" "$work/Sources/Probe/main.swift"
cat > "$work/Package.swift" <<PKG
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "DeadlinesBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Rundown", path: "$rundown")],
    targets: [
        .executableTarget(
            name: "Probe", dependencies: [.product(name: "RundownConcurrency", package: "Rundown")]),
    ],
    swiftLanguageModes: [.v6]
)
PKG

swift build -c "$config" --package-path "$work" >&2
"$work/.build/$config/Probe" "${DEADLINE_MS:-50}" "${SAMPLES:-20}"
