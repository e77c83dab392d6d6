#!/usr/bin/env bash
# Where one run of a runtime probe spends its time, for what instruction counts
# hide (Benchmarks/callgrind.sh counts the instructions): context switches and
# futex calls (a `Task.yield()` that wakes another dispatch worker), and a
# sampled profile. Release. Not a test: nothing here passes or fails.
#
# For FORM (minimal, sync, minimal-async, async; Benchmarks/runtime/) and N
# examples, prints:
#   - RUNS whole runs: the probe's µs per example, voluntary and involuntary
#     context switches (GNU time's %w and %c), median and range;
#   - one run under `strace -f -c -e trace=futex`: the futex calls (if strace
#     is installed);
#   - one run under `perf record -e cpu-clock` (the software clock: no
#     hardware counters in this virtual machine), `perf report --no-children`:
#     the TOP symbols by self samples (if perf is installed and allowed).
#
#   Benchmarks/profile.sh async 10000
#   PIN=1 Benchmarks/profile.sh async 10000      everything on core 0 (taskset -c 0)
#   RT=1 Benchmarks/profile.sh async 10000       at real-time priority (chrt -f 50, root
#                                                or CAP_SYS_NICE), as probes.sh's run_us
#   RUNS=7 TOP=40 Benchmarks/profile.sh sync 100000
#   RUNDOWN_ROOT=/path/to/checkout WORKDIR=dir Benchmarks/profile.sh minimal-async 10000
#
# Under a minute, after the release build of the probes (several minutes the first
# time in a WORKDIR).
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 <minimal|sync|minimal-async|async|build-async> N" >&2
    exit 2
fi
form=$1 n=$2
here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
runs="${RUNS:-5}"
top="${TOP:-25}"
work="${WORKDIR:-$(mktemp -d)}"

# shellcheck source=Benchmarks/probes.sh disable=SC1091 # followed when given with the others, as .ci/run does
source "$here/probes.sh"
probes_package "$work" "$rundown"
bin=$(probes_build "$work" release)
probe=$(probe_for "$bin" "$form")
pin=()
if [[ -n "${PIN:-}" ]]; then pin=(taskset -c 0); fi
if [[ ${RT:-} == 1 ]]; then pin+=(chrt -f 50); fi

echo "Rundown at $rundown ($(git -C "$rundown" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")), $form $n${PIN:+, pinned to core 0}${RT:+, RT=$RT}"
echo "load before: $(uptime)"
echo
summary() { sort -n | awk '{a[NR]=$1} END {printf "%s (%s–%s)", a[int((NR+1)/2)], a[1], a[NR]}'; }
us=() voluntary=() involuntary=()
for _ in $(seq "$runs"); do
    line=$(/usr/bin/time -f 'switches %w %c' "${pin[@]}" "$probe" "$form" "$n" 2>&1)
    us+=("$(echo "$line" | awk '$2 == "'"$n"'" {print $3}')")
    voluntary+=("$(echo "$line" | awk '$1 == "switches" {print $2}')")
    involuntary+=("$(echo "$line" | awk '$1 == "switches" {print $3}')")
done
echo "| $form, N = $n, $runs runs | median (range) |"
echo "|---|---:|"
echo "| µs per example (whole run) | $(printf '%s\n' "${us[@]}" | summary) |"
echo "| voluntary context switches | $(printf '%s\n' "${voluntary[@]}" | summary) |"
echo "| involuntary context switches | $(printf '%s\n' "${involuntary[@]}" | summary) |"

if command -v strace >/dev/null; then
    futex=$("${pin[@]}" strace -f -c -e trace=futex -o "$work/strace.txt" "$probe" "$form" "$n" >/dev/null 2>&1 &&
        awk '$NF == "futex" {print $4}' "$work/strace.txt")
    echo "| futex calls (one run, strace) | ${futex:--} |"
fi

if command -v perf >/dev/null && "${pin[@]}" perf record -q -e cpu-clock -F 10000 -o "$work/perf.data" "$probe" "$form" "$n" >/dev/null 2>&1; then
    echo
    echo "Self samples (perf record -e cpu-clock -F 10000, one run), the top $top:"
    echo
    demangle=(cat)
    if command -v swift >/dev/null; then demangle=(swift demangle --simplified); fi
    perf report -i "$work/perf.data" --no-children -F overhead,dso,sym --stdio 2>/dev/null |
        grep -v '^#' | grep -v '^$' | head -n "$top" | "${demangle[@]}" | cut -c1-160
else
    echo
    echo "(no sampled profile: perf is missing or not allowed here)"
fi
echo
echo "load after: $(uptime)"
