#!/usr/bin/env bash
# How the cost of an AsyncLock's line grows with its length (issue 16, fault 14:
# 8,000 waiters took 3.65 s in a debug build where 1,000 took 0.09 s, because
# every hand-over shifted the whole line). Not a test: nothing here passes or
# fails on time. Prints, for each N, the wall time of N waiters joining the
# line and of draining it, and with valgrind the instructions per waiter of the
# whole run, less a run of one waiter; a linear line gives about the same count
# at every N.
#
#   Benchmarks/asynclock.sh                 debug build, N = 1000 and 8000
#   SIZES="1000 2000 8000" CONFIG=release Benchmarks/asynclock.sh
#   CALLGRIND=0 Benchmarks/asynclock.sh     wall time only
#   RUNDOWN_ROOT=/path/to/other/checkout    measure another version of Rundown
#
# The probe uses the lock's internal `waitUntilQueued`, so it needs a build
# with testability, which SwiftPM's debug configuration has; release is built
# with -enable-testing for that.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
sizes="${SIZES:-1000 8000}"
config="${CONFIG:-debug}"
callgrind="${CALLGRIND:-1}"
work="${WORKDIR:-$(mktemp -d)}"

mkdir -p "$work/Sources/Probe"
cp "$here/asynclock/Probe.swift" "$work/Sources/Probe/main.swift"
cat > "$work/Package.swift" <<PKG
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "AsyncLockBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Rundown", path: "$rundown")],
    targets: [
        .executableTarget(
            name: "Probe", dependencies: [.product(name: "RundownConcurrency", package: "Rundown")]),
    ],
    swiftLanguageModes: [.v6]
)
PKG

flags=()
[ "$config" = release ] && flags=(-Xswiftc -enable-testing)
swift build -c "$config" --package-path "$work" "${flags[@]}" >&2
probe="$work/.build/$config/Probe"

instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$probe" "$1" 2>&1 | awk '/Collected/ {print $4}'; }

[ "$callgrind" = 1 ] && base=$(instructions 1)
echo "| config | waiters | queue s | drain s | µs/waiter | instructions/waiter |"
echo "|---|---:|---:|---:|---:|---:|"
for n in $sizes; do
    read -r queued drained < <("$probe" "$n" | awk '{print $5, $9}')
    per="-"
    [ "$callgrind" = 1 ] && per=$(( ($(instructions "$n") - base) / (n - 1) ))
    echo "| $config | $n | $queued | $drained | $(python3 -c "print(round(($queued + $drained) / $n * 1e6, 2))") | $per |"
done
