#!/usr/bin/env bash
# What each feature of the DSL's signatures costs the type checker: a
# 200-example spec tree, type-checked against one-file copies of the DSL
# (dsl_variants.py) with one feature left out at a time. User CPU seconds
# (/usr/bin/time %U), best of $RUNS (default 5). Not a test. VARIANTS="current
# nophases" measures only those.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
runs="${RUNS:-5}"
size="${SIZE:-200}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 "$here/generate_spec.py" tree "$size" >"$work/spec.swift"
echo "load before: $(uptime)"
printf '| variant (tree of %s examples) | seconds |\n|---|---:|\n' "$size"
for variant in ${VARIANTS:-current nophases overloads norules notraits noloc noasync nocall current nophases}; do
    dir="$work/$variant"
    mkdir -p "$dir"
    if [[ $variant == current ]]; then
        python3 "$here/dsl_variants.py" >"$dir/Rundown.swift"
    else
        python3 "$here/dsl_variants.py" "$variant" >"$dir/Rundown.swift"
    fi
    swiftc -swift-version 6 -parse-as-library -emit-module -module-name Rundown \
        -emit-module-path "$dir/Rundown.swiftmodule" "$dir/Rundown.swift"
    best=""
    for _ in $(seq "$runs"); do
        /usr/bin/time -f %U -o "$work/time" swiftc -typecheck -swift-version 6 -I "$dir" "$work/spec.swift"
        t="$(tail -n 1 "$work/time")"
        if [[ -z "$best" ]] || python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best="$t"; fi
    done
    printf '| %s | %s |\n' "$variant" "$best"
done
echo "load after: $(uptime)"
