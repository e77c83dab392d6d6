#!/usr/bin/env bash
# Per-example cost of Rundown against its peers, side by side, in one run.
# Not a test: nothing here passes or fails on time.
#
# Rundown (Benchmarks/runtime/Probe.swift): a spec of N examples in N/100
# contexts with beforeAll, beforeEach, afterEach, afterAll, every closure
# incrementing a counter; synchronous, and as `Spec` arguments (each example
# run alone, the tree built afresh); and a minimal engine (same names, same
# closures, plain arrays). Benchmarks/runtime/AsyncProbe.swift: the same tree
# with async closures (one Task.yield per example), and its floor, a minimal
# engine that awaits the same closures with the same Task.yield; its main
# thread waits on a semaphore, so valgrind can run it.
# Peers, same work per test: N Swift Testing arguments, N @Test functions and
# N XCTest methods, timed as `swift test --skip-build` wall clock minus a run
# of one test, divided by N.
#
#   Benchmarks/runtime.sh                      everything below
#   SIZES="1000 10000" RUNDOWN_ONLY="100000" CONFIGS="debug release" Benchmarks/runtime.sh
#   PEERS=0 Benchmarks/runtime.sh              Rundown only
#   CONCURRENT=1 Benchmarks/runtime.sh         also a .concurrent group of sleeping examples vs serial
#   CALLGRIND=1 Benchmarks/runtime.sh          also instructions per example (valgrind):
#                                              the marginal count between N=5000 and 10000
#   MARGINAL=1 Benchmarks/runtime.sh           also µs per example without the run's one-time
#                                              costs: the marginal time between N=10000 and
#                                              100000, on every core and pinned to one (taskset)
#   RT=1 MARGINAL=1 Benchmarks/runtime.sh      the marginal runs at real-time priority (chrt -f 50,
#                                              root or CAP_SYS_NICE): steadier on a shared machine
#   RUNDOWN_ROOT=/path/to/other/checkout       measure another version of Rundown
#
# The probe package and the CALLGRIND and MARGINAL measurements are in
# Benchmarks/probes.sh, shared with callgrind.sh (medians of several counts),
# profile.sh (context switches, perf) and budget.sh (issue 28's budget).
#
# Wall clock swings by ±50 % on shared machines; take the median of RUNS.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
sizes="${SIZES:-1000 10000}"
rundown_only="${RUNDOWN_ONLY:-100000}"
configs="${CONFIGS:-debug release}"
runs="${RUNS:-3}"
peers="${PEERS:-1}"
work="${WORKDIR:-$(mktemp -d)}"

# shellcheck source=Benchmarks/probes.sh disable=SC1091 # followed when given with the others, as .ci/run does
source "$here/probes.sh"
probes_package "$work" "$rundown"

# N @Test functions and N XCTest methods, generated for the largest size.
generate_peers() {
    local n=$1
    python3 - "$n" "$work/Tests/PeerTests" <<'PY'
import sys
n, out = int(sys.argv[1]), sys.argv[2]
with open(f"{out}/Functions.swift", "w") as f:
    f.write("import Testing\n\n@Suite struct FunctionPeer {\n")
    for i in range(n):
        f.write(f"    @Test func test{i}() {{ peerWork(); peerWork(); peerWork() }}\n")
    f.write("}\n")
with open(f"{out}/Methods.swift", "w") as f:
    f.write("import XCTest\n\nfinal class MethodPeer: XCTestCase {\n")
    for i in range(n):
        f.write(f"    func test{i}() {{ peerWork(); peerWork(); peerWork() }}\n")
    f.write("}\n")
PY
}

seconds() { python3 -c 'import time; print(time.monotonic())'; }

time_peer() { # config n filter… → µs per test
    local config=$1 n=$2; shift 2
    local start end
    start=$(seconds); RUNTIME_N=$n swift test -c "$config" --skip-build --package-path "$work" "$@" >/dev/null 2>&1 || true; end=$(seconds)
    echo "$start $end"
}

echo "| config | form | N | µs/example | peak MB |"
echo "|---|---|---:|---:|---:|"
for config in $configs; do
    bin=$(probes_build "$work" "$config")
    for n in $sizes $rundown_only; do
        for form in minimal sync minimal-async async argument; do
            probe=$(probe_for "$bin" "$form")
            # The argument form builds only its example's path, but still declares
            # the root's N/100 contexts for every example, so its cost per example
            # grows slowly with N: past ARGUMENT_MAX (10,000) it takes minutes.
            if [[ $form == argument && $n -gt ${ARGUMENT_MAX:-10000} ]]; then continue; fi
            results=$(for _ in $(seq "$runs"); do "$probe" "$form" "$n"; done)
            us=$(echo "$results" | awk '{print $3}' | median | awk '{printf "%.2f", $1}')
            mb=$(echo "$results" | awk '{print $5}' | median)
            echo "| $config | Rundown $form | $n | $us | $mb |"
        done
    done
    if [[ $peers == 1 ]]; then
        for n in $sizes; do
            generate_peers "$n"
            swift build -c "$config" --build-tests --package-path "$work" >/dev/null 2>&1
            for form in arguments functions methods; do
                total=()
                for _ in $(seq "$runs"); do
                    case $form in
                        arguments) full=$(time_peer "$config" "$n" --filter "ArgumentPeer" --disable-xctest); one=$(time_peer "$config" 1 --filter "ArgumentPeer" --disable-xctest) ;;
                        functions) full=$(time_peer "$config" "$n" --filter "FunctionPeer" --disable-xctest); one=$(time_peer "$config" "$n" --filter "FunctionPeer/test0\\(" --disable-xctest) ;;
                        methods) full=$(time_peer "$config" "$n" --filter "MethodPeer" --disable-swift-testing); one=$(time_peer "$config" "$n" --filter "MethodPeer/test0$" --disable-swift-testing) ;;
                    esac
                    # shellcheck disable=SC2086 # $full and $one each hold two times, split into arguments on purpose
                    total+=("$(python3 -c "import sys; a,b,c,d=map(float,sys.argv[1:]); print(round(((b-a)-(d-c))*1e6/$n, 1))" $full $one)")
                done
                us=$(printf '%s\n' "${total[@]}" | median)
                echo "| $config | $form (peer) | $n | $us | - |"
            done
        done
    fi
done

# A group of 200 examples that each sleep 50 ms, one after another and as a
# `.concurrent` group: the wall clock of waiting, ideally 200 × 50 ms / parallelism.
if [[ -n "${CONCURRENT:-}" ]]; then
    probe="$(probes_build "$work" release)/AsyncProbe"
    echo
    echo "| release, 200 examples × 50 ms sleep | RUNDOWN_PARALLEL | total s |"
    echo "|---|---:|---:|"
    echo "| one after another | - | $("$probe" sleeping 200 | awk '{printf "%.2f", $3 * 200 / 1e6}') |"
    for parallel in 2 8 50; do
        echo "| .concurrent | $parallel | $(RUNDOWN_PARALLEL=$parallel "$probe" sleeping-concurrent 200 | awk '{printf "%.2f", $3 * 200 / 1e6}') |"
    done
fi

# What one more example costs in instructions: (count(10000) - count(5000)) /
# 5000, each count a whole run's under valgrind's callgrind. One run each:
# Benchmarks/callgrind.sh takes the median of several (the async counts swing).
if [[ -n "${CALLGRIND:-}" ]]; then
    bin=$(probes_build "$work" release)
    echo
    echo "| release form | instructions/example (marginal, 5000→10000) |"
    echo "|---|---:|"
    for form in minimal sync minimal-async async; do
        echo "| $form | $(marginal_instructions "$bin" "$form") |"
    done
fi

# What one more example costs in time, as the instruction counts above count
# it: (t(100000) - t(10000)) / 90000, t a whole run's wall clock (median of
# RUNS), so that the first spec's one-time costs drop out. Pinned to one core
# as well: there a yield never wakes another thread, which on a shared machine
# is most of the noise.
if [[ -n "${MARGINAL:-}" ]]; then
    bin=$(probes_build "$work" release)
    echo
    echo "| release form | cores | µs/example (marginal, 10000→100000) |"
    echo "|---|---|---:|"
    for pin in 0 1; do
        if [[ $pin == 1 ]] && ! command -v taskset >/dev/null; then continue; fi
        for form in minimal sync minimal-async async; do
            echo "| $form | $([[ $pin == 1 ]] && echo "one" || echo "all") | $(marginal_us "$bin" "$pin" "$form" "$runs") |"
        done
    done
fi
