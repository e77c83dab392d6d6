# Sourced, not run: the probe package and the measurements that runtime.sh,
# callgrind.sh, budget.sh and profile.sh share, so that each figure of
# RESULTS.md is made by one piece of code whichever script printed it.
#
#   probes_package WORK ROOT      writes a package in WORK whose executables
#                                 Probe and AsyncProbe (Benchmarks/runtime/)
#                                 depend on the Rundown checkout at ROOT
#   probes_build WORK CONFIG      builds both probes, prints their bin folder
#   probe_for BIN FORM            the executable that runs FORM
#   instructions BIN FORM N [OUT] instructions of one whole run under callgrind
#                                 (its "Collected" count); OUT keeps callgrind's
#                                 output file (default: none)
#   marginal_instructions BIN FORM [KEEP]
#                                 (instructions(10000) - instructions(5000)) / 5000:
#                                 one more example, the run's one-time costs cancelled;
#                                 KEEP keeps callgrind's files as KEEP.5000 and KEEP.10000
#   marginal_instructions_runs BIN FORM RUNS
#                                 RUNS marginal counts: prints "median min max"
#   run_us BIN PIN FORM N         one whole run's µs (PIN=1: on core 0 only, taskset;
#                                 with RT=1 in the environment, at real-time priority,
#                                 chrt -f 50, which needs root or CAP_SYS_NICE: other
#                                 programs wait while it runs, so on a shared machine its
#                                 µs swing less, though a busy sibling core still slows it)
#   marginal_us BIN PIN FORM RUNS (median of RUNS run_us at 100000 - the median at
#                                 10000) / 90000
#   median                        the median of the numbers on stdin, one a line
#
# The forms: minimal, sync and argument (Probe); minimal-async, async,
# build-async and the experiments of AsyncVariants.swift (AsyncProbe): a form
# whose name has "async" in it runs in AsyncProbe. See the headers of
# Benchmarks/runtime/Probe.swift, AsyncProbe.swift and AsyncVariants.swift.
# shellcheck shell=bash

probes_here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

probes_package() {
    local work=$1 root=$2
    mkdir -p "$work/Sources/Probe" "$work/Sources/AsyncProbe" "$work/Tests/PeerTests"
    # Copies keep their time and the manifest is rewritten only when it changes, so
    # that a WORKDIR reused by another script is not rebuilt for nothing.
    cp -p "$probes_here/runtime/Probe.swift" "$work/Sources/Probe/main.swift"
    cp -p "$probes_here/runtime/AsyncProbe.swift" "$work/Sources/AsyncProbe/main.swift"
    cp -p "$probes_here/runtime/AsyncVariants.swift" "$work/Sources/AsyncProbe/AsyncVariants.swift"
    cp -p "$probes_here/runtime/PeerTests.swift" "$work/Tests/PeerTests/PeerTests.swift"
    cat >"$work/Package.swift.new" <<PKG
// swift-tools-version: 6.2
import PackageDescription
let package = Package(
    name: "RuntimeBench",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "Rundown", path: "$root")],
    targets: [
        .executableTarget(name: "Probe", dependencies: [.product(name: "Rundown", package: "Rundown")]),
        .executableTarget(name: "AsyncProbe", dependencies: [.product(name: "Rundown", package: "Rundown")]),
        .testTarget(name: "PeerTests"),
    ],
    swiftLanguageModes: [.v6]
)
PKG
    if cmp -s "$work/Package.swift.new" "$work/Package.swift"; then
        rm "$work/Package.swift.new"
    else
        mv "$work/Package.swift.new" "$work/Package.swift"
    fi
}

probes_build() {
    local work=$1 config=$2
    # `|| return`: a command substitution does not inherit `set -e`.
    swift build -c "$config" --package-path "$work" --product Probe >/dev/null || return
    swift build -c "$config" --package-path "$work" --product AsyncProbe >/dev/null || return
    swift build -c "$config" --package-path "$work" --show-bin-path
}

probe_for() {
    if [[ $2 == *async* ]]; then echo "$1/AsyncProbe"; else echo "$1/Probe"; fi
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

instructions() {
    local out=${4:-/dev/null}
    valgrind --tool=callgrind --callgrind-out-file="$out" "$(probe_for "$1" "$2")" "$2" "$3" 2>&1 |
        awk '/Collected/ {print $4}'
}

marginal_instructions() {
    local a b
    a=$(instructions "$1" "$2" 5000 "${3:+$3.5000}")
    b=$(instructions "$1" "$2" 10000 "${3:+$3.10000}")
    echo $(((b - a) / 5000))
}

marginal_instructions_runs() {
    for _ in $(seq "$3"); do marginal_instructions "$1" "$2"; done |
        sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)], a[1], a[NR]}'
}

# The probes print "FORM N µs-per-example us/example MB MB counter=C".
run_us() {
    local probe command=()
    probe=$(probe_for "$1" "$3")
    if [[ $2 == 1 ]]; then command+=(taskset -c 0); fi
    if [[ ${RT:-} == 1 ]]; then command+=(chrt -f 50); fi
    "${command[@]}" "$probe" "$3" "$4" | awk -v n="$4" '{printf "%.1f\n", $3 * n}'
}

marginal_us() {
    local bin=$1 pin=$2 form=$3 runs=$4 a b
    a=$(for _ in $(seq "$runs"); do run_us "$bin" "$pin" "$form" 10000; done | median)
    b=$(for _ in $(seq "$runs"); do run_us "$bin" "$pin" "$form" 100000; done | median)
    python3 -c "print(f'{($b - $a) / 90000:.3f}')"
}
