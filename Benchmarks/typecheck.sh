#!/usr/bin/env bash
# Measures how long `swiftc -typecheck` takes on generated specs of growing
# size, written as one tree and composed from separately declared
# @ExampleBuilder functions (also with helpers that declare their phases,
# Steps<…>, placed after a hook), next to a control: the same examples as separate
# statements of one function, `let _: Example<SyncCall> = it("…") { … }`,
# which type-checks in linear time. The last column is the example bodies
# alone, without Rundown, as statements of one function. Times are user CPU seconds (/usr/bin/time %U),
# best of 3. Not a test: nothing here passes or fails on time.
#
#   Benchmarks/typecheck.sh                 build, then measure everything
#   SIZES="100 200" Benchmarks/typecheck.sh measure only these sizes
#   SKIP_BUILD=1 MODULES=dir Benchmarks/typecheck.sh   use an existing build
#   CAP=20 Benchmarks/typecheck.sh          seconds after which a run is cut off
#   CHUNKS="10 25" Benchmarks/typecheck.sh  examples per builder function to compare
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
sizes="${SIZES:-100 200 400 1000 2000}"
cap="${CAP:-20}"
depth="${DEPTH:-20}"
chunks="${CHUNKS:-5 10 25 50 100}"
runs="${RUNS:-3}"

cd "$root"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    swift build >/dev/null
fi
modules="${MODULES:-$(swift build --show-bin-path)/Modules}"
if [[ ! -e "$modules/Rundown.swiftmodule" ]]; then
    echo "no Rundown.swiftmodule in $modules" >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# measure FILE: prints the best user time of $runs runs, "> $cap s" when a run
# is cut off, or "error" (and the compiler's output on stderr) when it fails.
measure() {
    local file="$1" best="" status
    for _ in $(seq "$runs"); do
        set +e
        timeout "$cap" /usr/bin/time -f %U -o "$work/time" \
            swiftc -typecheck -swift-version 6 -I "$modules" "$file" >"$work/out" 2>&1
        status=$?
        set -e
        if [[ $status -eq 124 ]]; then echo "> $cap s"; return; fi
        if [[ $status -ne 0 ]]; then echo "error"; cat "$work/out" >&2; return; fi
        local t
        t="$(tail -n 1 "$work/time")"
        if [[ -z "$best" ]] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best="$t"; fi
    done
    echo "$best"
}

ratio() {
    python3 -c "
a, b = '$1', '$2'
try: print(f'{float(a) / float(b):.1f}x')
except ValueError: print('-')"
}

generate() { python3 "$root/Benchmarks/generate_spec.py" "$1" "$2" >"$work/$1$2.swift"; echo "$work/$1$2.swift"; }

echo "swiftc: $(swiftc --version 2>&1 | head -n 1)"
echo "load before: $(uptime)"
echo
printf '| examples | control | one tree | ratio | composed | ratio | bodies only |\n'
printf '|---:|---:|---:|---:|---:|---:|---:|\n'
tree_capped=""
for n in $sizes; do
    control="$(measure "$(generate control "$n")")"
    if [[ -n "$tree_capped" ]]; then
        tree="> $cap s"   # a smaller tree was already cut off
    else
        tree="$(measure "$(generate tree "$n")")"
        [[ "$tree" == ">"* ]] && tree_capped=1
    fi
    composed="$(measure "$(generate composed "$n")")"
    bodies="$(measure "$(generate bodies "$n")")"
    printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$control" "$tree" "$(ratio "$tree" "$control")" \
        "$composed" "$(ratio "$composed" "$control")" "$bodies"
done
echo
echo "1000 examples, in builder functions of K examples each (CHUNKS):"
printf '| K |'; for k in $chunks; do printf ' %s |' "$k"; done; echo
printf '|---|'; for _ in $chunks; do printf -- '---:|'; done; echo
printf '| seconds |'; for k in $chunks; do printf ' %s |' "$(measure "$(generate "chunk$k" 1000)")"; done; echo
echo
echo "1000 examples composed: $(measure "$(generate composed 1000)") s; the same with each innermost helper declaring its phases and following a hook (phased): $(measure "$(generate phased 1000)") s"
echo
echo "depth $depth (one group per level, each with a beforeEach and an example): $(measure "$(generate deep "$depth")") s"
echo "load after: $(uptime)"
