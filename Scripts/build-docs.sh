#!/usr/bin/env bash
# Builds the DocC documentation of the three products with the toolchain's own `docc` (no
# swift-docc-plugin) and fails on any docc warning, and on any top-level symbol or article that the
# catalog's landing page leaves out of its `## Topics` (docc would file it under a section it
# generates, such as "Structures"), and on an article with a `## Topics` section of its own (docc
# makes it an "API Collection" and the sidebar lists its symbols twice).
#   bash Scripts/build-docs.sh    writes .build/docs/<Module>.doccarchive (static-hosting layout)
#                                 and ends by saying how to preview one
#
# Symbol graphs. `swift build --target Rundown` is the debug build `swift build` makes (so after
# it nothing is recompiled), then the toolchain's `swift symbolgraph-extract` reads each built
# module: about 0.2 s a module. Measured and not chosen:
#   - `swift build -Xswiftc -emit-symbol-graph ...` changes every target's flags, so it recompiles
#     the package (9 s for the library targets alone) and `swift build` recompiles it back; and
#     it puts every `@_exported import` into Rundown's graph, RundownConcurrency and RundownTasks
#     included.
#   - `swift package dump-symbol-graph` reuses the build but keeps re-exported symbols out of
#     Rundown's graph, so `spec`, `describe`, `it` and the hooks would be missing from the Rundown
#     documentation; it has no option to let them in.
#
# Re-exported symbols. Users import only Rundown, which re-exports RundownDSL (`describe`, `it`,
# the hooks, the traits and builder types), a named handful of RundownEngine and RundownCore types (`Skip`,
# `SpecFailure`, `CodeLocation`, ...: the `@_exported import struct ...` lines of
# Sources/Rundown/Exports.swift), RundownConcurrency and RundownTasks. Rundown's graph is
# extracted with -experimental-allowed-reexported-modules=RundownDSL,RundownEngine,RundownCore: the DSL and
# the named engine types become Rundown symbols (documented at documentation/rundown/...), the
# rest of the engine stays out. RundownConcurrency and RundownTasks are products with their own
# catalogs, so they are documented once, in their own archives, not a second time in Rundown's;
# likewise RundownTasks stays out of RundownConcurrency's. A doc comment names a symbol of
# another archive in code voice (`TaskStarting`), since docc links only within an archive.
#
# Extension blocks. -emit-extension-block-symbols keeps the members Rundown adds to Swift
# Testing's `Trait` (`.specs`, `.exclusive(_:_:)`): without it docc drops them, having no page for
# a type of another module; with it they appear under "Extended Modules".
#
# Overloads. --enable-experimental-overloaded-symbol-presentation gives a function's overloads
# (the synchronous and asynchronous `it`, the four `beforeEach`) one page, so a landing page
# curates ``it(_:_:fileID:filePath:line:column:_:)`` once instead of once per hash suffix.
#
# Titles. The sidebar, the topic lists and links in prose title a function by its full name, which
# for every DSL word and most toolkit calls ends in `fileID:filePath:line:column:` (and
# `isolation:`), and the sidebar cuts a long declaration off; Scripts/shorten-doc-titles.py leaves
# those parameters out of each archive (`beforeEach(_:_:_:)`, `explore(_:stepTimeout:_:)`) and
# titles a sidebar entry by its name when its declaration would not fit, since docc's
# @DisplayName renames a page but neither its sidebar entry nor an overload group's.
# Scripts/docs-screenshots.sh shows the result in a browser.
#
# Inherited documentation. docc takes the doc comment of a re-exported symbol for one inherited
# from another module; without --enable-inherited-docs it shows "Inherited from
# CustomStringConvertible.description." in place of what `CodeLocation.description` or
# `HookKind.description` say. (The flag also gives the standard library's members, `!=`,
# `localizedDescription`, their documentation.)
#
# Warnings hidden by the re-export. In Rundown's archive docc does not check the `- Parameters:`
# lists of the re-exported DSL and engine symbols against their signatures (measured: RundownDSL
# alone had 88 missing-parameter warnings, Rundown's archive none of them). Their own modules'
# graphs are converted as well, into a throwaway archive, and any parameter or return value
# warning there fails the build. (Their link warnings there are ignored: those links resolve in
# Rundown's archive, which checks them.)
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS

if command -v docc >/dev/null; then docc=(docc); else docc=(xcrun docc); fi
out=.build/docs
graphs="$out/symbol-graphs"
rm -rf "$out"
mkdir -p "$graphs"

echo "== swift build --target Rundown (the modules to document)"
swift build --target Rundown
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",$/\1/p' | head -n 1)
if [ -z "$triple" ]; then
    echo "error: no target triple in the output of swift -print-target-info" >&2
    exit 1
fi
extract_options=(-target "$triple" -I "$bin/Modules" -module-cache-path "$bin/ModuleCache"
    -minimum-access-level public -emit-extension-block-symbols)
if [ "$(uname)" = Darwin ]; then extract_options+=(-sdk "$(xcrun --show-sdk-path)"); fi

# extract MODULE [OPTION...]: MODULE's symbol graphs into $graphs/MODULE.
extract() {
    local module=$1
    shift
    mkdir -p "$graphs/$module"
    swift symbolgraph-extract -module-name "$module" "${extract_options[@]}" "$@" -output-dir "$graphs/$module"
}
extract Rundown -experimental-allowed-reexported-modules=RundownDSL,RundownEngine,RundownCore
extract RundownConcurrency
extract RundownTasks
extract RundownDSL
extract RundownEngine
extract RundownCore

# convert CATALOG MODULE OUTPUT LOG: docc's archive of CATALOG (or of MODULE's symbols alone when
# CATALOG is empty) at OUTPUT, its diagnostics in LOG; fails when docc does.
convert() {
    local catalog=$1 module=$2 output=$3 log=$4
    "${docc[@]}" convert ${catalog:+"$catalog"} \
        --additional-symbol-graph-dir "$graphs/$module" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.rundown.$module" \
        --enable-experimental-overloaded-symbol-presentation \
        --enable-inherited-docs \
        --transform-for-static-hosting \
        --output-path "$output" >"$log" 2>&1
}

failed=0
summary=()
for module in Rundown RundownConcurrency RundownTasks; do
    catalog="Sources/$module/$module.docc"
    archive="$out/$module.doccarchive"
    log="$out/$module.log"
    status=0
    convert "$catalog" "$module" "$archive" "$log" || status=$?
    # Titles without their source-location parameters (see the script).
    if [ "$status" -eq 0 ]; then python3 Scripts/shorten-doc-titles.py "$archive"; fi
    warnings=$(grep -cE '^(warning|error): ' "$log" || true)
    symbols=$(cat "$graphs/$module"/*.symbols.json | grep -o '"precise":' | wc -l)
    articles=$(find "$catalog" -name '*.md' ! -name "$module.md" | wc -l)
    # A top-level symbol or article no `## Topics` group lists lands in a section docc generates.
    page="$archive/data/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]').json"
    generated=$(grep -o '{[^{}]*"generated":true[^{}]*}' "$page" 2>/dev/null || true)
    uncurated=$(printf '%s' "$generated" | grep -c . || true)
    # An article with a `## Topics` section becomes an "API Collection" whose symbols the sidebar
    # lists twice, under it and where the landing page curates them: articles link with `## See Also`.
    collections=$(python3 -c 'import json, pathlib, sys
archive, catalog, module = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
for article in sorted(catalog.glob("*.md")):
    page = archive / "data" / "documentation" / module.lower() / (article.stem.lower() + ".json")
    if page.exists() and json.loads(page.read_text()).get("metadata", {}).get("role") == "collectionGroup":
        print(article)' "$archive" "$catalog" "$module")
    if [ "$status" -ne 0 ] || [ "$warnings" -ne 0 ] || [ "$uncurated" -ne 0 ] || [ -n "$collections" ]; then
        failed=1
        cat "$log" >&2
        if [ "$uncurated" -ne 0 ]; then
            printf '%s\n' "$generated" >&2
            echo "error: $catalog/$module.md leaves what is above to topic sections docc generates" >&2
        fi
        if [ -n "$collections" ]; then
            printf '%s\n' "$collections" >&2
            echo "error: the articles above have a '## Topics' section, which makes each an API Collection; use '## See Also'" >&2
        fi
    fi
    summary+=("$(printf '%-19s %4d symbols, %2d articles, %d warnings, %d uncurated sections -> %s' \
        "$module:" "$symbols" "$articles" "$warnings" "$uncurated" "$archive")")
done

# The re-exported modules' own parameter and return value documentation (see the header).
mkdir -p "$out/check"
for module in RundownDSL RundownEngine RundownCore; do
    log="$out/$module.log"
    if ! convert "" "$module" "$out/check/$module.doccarchive" "$log"; then
        failed=1
        cat "$log" >&2
    elif grep -E '^warning: (Parameter|External name|Return value)' "$log"; then
        failed=1
        echo "error: the parameter documentation of $module (above)" >&2
    fi
    summary+=("$(printf '%-19s %4d symbols, parameter documentation: %d warnings (re-exported by Rundown)' \
        "$module:" "$(cat "$graphs/$module"/*.symbols.json | grep -o '"precise":' | wc -l)" \
        "$(grep -cE '^warning: (Parameter|External name|Return value)' "$log" || true)")")
done
rm -rf "$out/check"

echo "== DocC archives ($((SECONDS - started)) s)"
printf '%s\n' "${summary[@]}"
if [ "$failed" -ne 0 ]; then
    echo "error: the documentation has warnings or uncurated symbols (above)" >&2
    exit 1
fi

# One site with the three modules, so that the links between their landing pages resolve.
combined="$out/RundownDocumentation.doccarchive"
rm -rf "$combined"
"${docc[@]}" merge "$out/Rundown.doccarchive" "$out/RundownConcurrency.doccarchive" "$out/RundownTasks.doccarchive" \
    --synthesized-landing-page-name Rundown --output-path "$combined" >"$out/merge.log" 2>&1 || {
    cat "$out/merge.log" >&2
    echo "error: docc could not combine the three archives (above)" >&2
    exit 1
}
echo "combined:           $combined"
# Each archive is laid out for static hosting at the root of a web server, so any server will do.
echo "To preview, serve the combined archive and open a module's page:"
echo "  python3 -m http.server --directory $combined 8000"
echo "  then http://localhost:8000/documentation/rundown (or rundownconcurrency, rundowntasks)"
