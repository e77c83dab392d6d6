#!/usr/bin/env bash
# Runs the test suite (or the tests matching a filter) N times and counts the
# failing runs: the check that the concurrency tests are not flaky.
#   Scripts/repeat-tests.sh [N] [filter]     e.g. Scripts/repeat-tests.sh 200 RundownConcurrencyTests
set -u
cd "$(dirname "$0")/.." || exit 1
runs=${1:-200}
filter=${2:-}
swift build --build-tests >/dev/null || exit 1
logs=$(mktemp -d)
failures=0
for i in $(seq "$runs"); do
    if ! swift test --skip-build ${filter:+--filter "$filter"} >"$logs/run.log" 2>&1; then
        failures=$((failures + 1))
        cp "$logs/run.log" "$logs/failure-$i.log"
    fi
done
if [ "$failures" -gt 0 ]; then
    echo "runs=$runs failures=$failures (logs in $logs)"
else
    echo "runs=$runs failures=0"
fi
[ "$failures" -eq 0 ]
