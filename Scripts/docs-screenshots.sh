#!/usr/bin/env bash
# Renders the documentation site and takes headless Chromium screenshots of some of its pages, so
# that what a reader sees (sidebar titles, page kinds, links, tables) can be looked at after a
# change to the DocC catalogs or to the doc comments. Nothing here passes or fails on the images:
# look at them.
#
#   bash Scripts/docs-screenshots.sh [OUTDIR] [PAGE...]
#
# OUTDIR   where the PNGs go (default .build/docs/screenshots); made if missing.
# PAGE     a path of the combined site, such as documentation/rundown/gettingstarted; by default
#          the landing page of Rundown, the GettingStarted article and the explorer article.
#
# Settings: SKIP_BUILD=1 reuses .build/docs/RundownDocumentation.doccarchive (made by
# Scripts/build-docs.sh, which this script runs otherwise); WINDOW=WIDTHxHEIGHT (default 1400x1800);
# CHROMIUM=path of the browser (default: the first of chromium, chromium-browser, google-chrome on
# PATH; on Debian `apt-get install chromium`); PORT for the local server (default: a free one).
#
# Each PNG is named after its page (documentation-rundown-gettingstarted.png). DocC's pages are
# drawn by JavaScript after they load, so Chromium is given a budget of virtual time to run it
# (--virtual-time-budget) before the picture is taken. The server is a `python3 -m http.server`
# over the combined archive, started here and stopped when the script ends, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build/docs/screenshots}
[ "$#" -gt 0 ] && shift
pages=("$@")
if [ "${#pages[@]}" -eq 0 ]; then
    pages=(documentation/rundown documentation/rundown/gettingstarted
        documentation/rundownconcurrency/exploringinterleavings)
fi
window=${WINDOW:-1400x1800}
site=.build/docs/RundownDocumentation.doccarchive

browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
    for candidate in chromium chromium-browser google-chrome; do
        if command -v "$candidate" >/dev/null; then
            browser=$candidate
            break
        fi
    done
fi
if [ -z "$browser" ]; then
    echo "error: no Chromium found; install it (Debian: apt-get install chromium) or set CHROMIUM" >&2
    exit 1
fi

if [ "${SKIP_BUILD:-0}" != 1 ]; then bash Scripts/build-docs.sh; fi
if [ ! -f "$site/index.html" ]; then
    echo "error: no site at $site; run bash Scripts/build-docs.sh first" >&2
    exit 1
fi

port=${PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$site" >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    if python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null; then break; fi
    sleep 0.1
done

# Chromium refuses to run as root with its sandbox on.
sandbox=()
if [ "$(id -u)" -eq 0 ]; then sandbox=(--no-sandbox); fi

mkdir -p "$out"
for page in "${pages[@]}"; do
    file="$out/$(echo "$page" | tr '/#?' '---').png"
    "$browser" --headless "${sandbox[@]}" --disable-gpu --hide-scrollbars \
        --window-size="${window/x/,}" --virtual-time-budget=15000 \
        --screenshot="$file" "http://127.0.0.1:$port/$page" >/dev/null 2>&1
    echo "$file"
done
