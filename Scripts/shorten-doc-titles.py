#!/usr/bin/env python3
"""Leaves the source-location parameters out of the titles of a DocC archive's sidebar and topic lists.

    python3 Scripts/shorten-doc-titles.py .build/docs/Rundown.doccarchive

Every DSL word and `spec` ends its parameters with `fileID:filePath:line:column:` (and `spec` with
`function:` before them), which the caller never writes (see SourceLocations.md). docc titles a
function by its full name, so the sidebar showed `func beforeEach(_:_:fileID:filePath:…` and cut off
what tells the words apart. docc's `@DisplayName` renames a page but not its sidebar entry or an
overload group's, so this rewrites the archive instead: the titles and the short declarations of
links (`title`, `navigatorTitle`, `fragments`) lose those parameters, `beforeEach(_:_:_:)`. The
declaration on each symbol's own page, and every URL and link, stay as docc made them.
"""

import json
import re
import sys
from pathlib import Path

LABELS = {"function", "fileID", "filePath", "line", "column"}
# `function:fileID:filePath:line:column:` in a name, `fileID: String, …, column: Int, ` in a signature.
IN_NAME = re.compile(r"(function:)?fileID:filePath:line:column:")
IN_SIGNATURE = re.compile(r"(function: String, )?fileID: String, filePath: (Static)?String, line: Int, column: Int, ")


def short(text):
    return IN_SIGNATURE.sub("", IN_NAME.sub("", text))


def without_locations(tokens):
    """The tokens of a name or signature without the location parameters."""
    out, i = [], 0
    while i < len(tokens):
        token = tokens[i]
        following = tokens[i + 1]["text"] if i + 1 < len(tokens) else ""
        if token.get("kind") == "externalParam" and token.get("text") in LABELS and following.startswith(":"):
            if following == ":":  # a name: `fileID:`
                i += 2
                continue
            # A signature: `fileID: String, `; skip to the text that ends the parameter.
            j = i + 1
            while j < len(tokens) and not (tokens[j].get("kind") == "text" and tokens[j]["text"].endswith(", ")):
                j += 1
            i = j + 1
            continue
        out.append(token)
        i += 1
    return out


def shorten_reference(node):
    """A link's summary: its title and short declarations; never its URL or identifier."""
    if isinstance(node.get("title"), str):
        node["title"] = short(node["title"])
    for key in ("fragments", "navigatorTitle"):
        if isinstance(node.get(key), list):
            node[key] = without_locations(node[key])


def shorten_page(page):
    for reference in page.get("references", {}).values():
        shorten_reference(reference)
    metadata = page.get("metadata", {})
    shorten_reference(metadata)


def shorten_index(node):
    if isinstance(node, dict):
        if isinstance(node.get("title"), str):
            node["title"] = short(node["title"])
        for child in node.get("children", []):
            shorten_index(child)
    elif isinstance(node, list):
        for child in node:
            shorten_index(child)


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    archive = Path(sys.argv[1])
    for path in (archive / "data").rglob("*.json"):
        page = json.loads(path.read_text())
        shorten_page(page)
        path.write_text(json.dumps(page))
    index = archive / "index" / "index.json"
    navigator = json.loads(index.read_text())
    for roots in navigator.get("interfaceLanguages", {}).values():
        shorten_index(roots)
    index.write_text(json.dumps(navigator))


if __name__ == "__main__":
    main()
