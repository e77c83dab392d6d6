#!/usr/bin/env bash
# Instructions per example, release, under valgrind's callgrind: the figure of
# Benchmarks/RESULTS.md that load does not move. Not a test: nothing here passes
# or fails.
#
# For each form of the runtime probes (Benchmarks/runtime/: minimal and sync,
# Probe.swift; minimal-async and async, AsyncProbe.swift), the marginal count
# (instructions of a whole run of 10,000 examples less one of 5,000, divided by
# 5,000, so that what a run does once cancels out), RUNS times: the median, the
# range, and the median without the dispatch workers' idle loop (the self
# instructions of the functions Benchmarks/callgrind_profile.py names IDLE).
# The sync counts are the same in every run; the async ones swing by several
# hundred, up to ±1,000: whether a `Task.yield()` parks the task and wakes a
# dispatch worker depends on how valgrind schedules the threads. Then the ratio
# of each Rundown form to its minimal loop (the budget of issue 28: sync ≤ 6×,
# async ≤ 2.5×; Benchmarks/budget.sh checks it with the µs).
#
#   Benchmarks/callgrind.sh                       the four forms, RUNS=3
#   FORMS="sync async" RUNS=5 Benchmarks/callgrind.sh
#   RUNDOWN_ROOT=/path/to/checkout Benchmarks/callgrind.sh   measure another checkout
#   PROFILE=1 Benchmarks/callgrind.sh             also, per form, where an example's
#                                                 instructions go (callgrind_profile.py on
#                                                 the first run's files): calls to retain,
#                                                 release, malloc, locks…, top functions
#   PROFILE=1 INCLUSIVE='SpecWalk|ExampleBuilder' TOP=40 Benchmarks/callgrind.sh
#                                                 and the inclusive count of the functions
#                                                 whose mangled name matches
#   WORKDIR=dir                                   reuse a build (the probe package, its
#                                                 .build and the callgrind files live there)
#
# Takes 2 to 3 s of valgrind per run of 5,000 examples and 4 to 5 s per 10,000
# on this 2-core machine: about 2 minutes with the defaults, 3 with RUNS=5 and
# PROFILE=1 (measured at load 6-12), plus, the first time in a WORKDIR, the
# release build of Rundown and the probes (several minutes).
# Prints a markdown table (and the profiles); the build's output goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
rundown="${RUNDOWN_ROOT:-$(cd "$here/.." && pwd)}"
forms="${FORMS:-minimal sync minimal-async async}"
runs="${RUNS:-3}"
work="${WORKDIR:-$(mktemp -d)}"

# shellcheck source=Benchmarks/probes.sh disable=SC1091 # followed when given with the others, as .ci/run does
source "$here/probes.sh"
probes_package "$work" "$rundown"
bin=$(probes_build "$work" release)
mkdir -p "$work/callgrind"

echo "Rundown at $rundown ($(git -C "$rundown" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")), $(swift --version 2>&1 | head -n 1)"
echo "load before: $(uptime)"
echo
echo "| release form | instructions/example (marginal 5000→10000, median of $runs) | range | without the idle loop |"
echo "|---|---:|---:|---:|"
declare -A median_of
for form in $forms; do
    counts=() idle=()
    for run in $(seq "$runs"); do
        keep="$work/callgrind/$form.$run"
        counts+=("$(marginal_instructions "$bin" "$form" "$keep")")
        idle+=("$(python3 "$here/callgrind_profile.py" --top 0 5000 "$keep.5000" "$keep.10000" |
            awk -F'|' '/without the dispatch/ {gsub(/[ ,]/, "", $3); print $3}')")
    done
    median_of[$form]=$(printf '%s\n' "${counts[@]}" | median)
    range="$(printf '%s\n' "${counts[@]}" | sort -n | head -n 1)–$(printf '%s\n' "${counts[@]}" | sort -n | tail -n 1)"
    echo "| $form | ${median_of[$form]} | $range | $(printf '%s\n' "${idle[@]}" | median) |"
done

echo
for pair in "sync minimal 6" "async minimal-async 2.5"; do
    read -r form floor limit <<<"$pair"
    if [[ -n ${median_of[$form]:-} && -n ${median_of[$floor]:-} ]]; then
        echo "$form / $floor: $(python3 -c "print(f'{${median_of[$form]} / ${median_of[$floor]}:.2f}')")× (issue 28's budget: ≤ $limit×)"
    fi
done

if [[ -n "${PROFILE:-}" ]]; then
    for form in $forms; do
        echo
        echo "### $form: one more example, from run 1"
        echo
        python3 "$here/callgrind_profile.py" --top "${TOP:-25}" ${INCLUSIVE:+--inclusive "$INCLUSIVE"} \
            5000 "$work/callgrind/$form.1.5000" "$work/callgrind/$form.1.10000"
    done
fi
echo
echo "load after: $(uptime)"
