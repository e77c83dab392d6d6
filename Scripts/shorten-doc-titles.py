#!/usr/bin/env python3
"""Shortens the titles of a DocC archive's sidebar, topic lists and links to what a reader writes.

    python3 Scripts/shorten-doc-titles.py .build/docs/Rundown.doccarchive

Every DSL word, `spec` and most of the toolkit's calls end their parameters with
`fileID:filePath:line:column:` (`spec` with `function:` before them, the toolkit's `async` calls
with `isolation:` after them), which the caller never writes (see SourceLocations.md). docc titles
a function by its full name, so the sidebar showed `func beforeEach(_:_:fileID:filePath:…` and cut
off what tells the words apart, and a link in prose read
`explore(_:stepTimeout:fileID:filePath:line:column:isolation:_:)`. docc's `@DisplayName` renames a
page but not its sidebar entry or an overload group's, so this rewrites the archive instead:

- the titles and the short declarations of links (`title`, `navigatorTitle`, `fragments`) lose
  those parameters, and a closure parameter its `nonisolated(nonsending)`: `beforeEach(_:_:_:)`,
  `explore(_:stepTimeout:_:)`, `func deferCleanup(() async throws -> Void)`;
- a sidebar entry still longer than the sidebar shows (`SIDEBAR_WIDTH` characters) is titled by
  the function's name instead of its declaration, `func describe(_:_:content:)`, unless a sibling
  entry has the same name (the two `deferCleanup`): those keep their shortened declarations,
  without `func`, `deferCleanup(() async throws -> Void)`.

The declaration on each symbol's own page, and every URL and link, stay as docc made them.
"""

import json
import re
import sys
from pathlib import Path

LABELS = {"function", "fileID", "filePath", "line", "column", "isolation"}
# `function:fileID:filePath:line:column:isolation:` in a name; `isolation:` only after the location,
# so `measure(isolation:_:)` of the standard library keeps its name.
IN_NAME = re.compile(r"(function:)?fileID:filePath:line:column:(isolation:)?")
# The same parameters in a signature, and a closure parameter's `nonisolated(nonsending)`.
IN_SIGNATURE = re.compile(
    r"(function: String, )?fileID: String, filePath: (Static)?String, line: Int, column: Int, "
    r"(isolation: isolated \(any Actor\)\?, )?"
)
NONSENDING = "nonisolated(nonsending) "
# Characters of a sidebar title that fit before docc cuts it with an ellipsis (measured on the
# screenshots of Scripts/docs-screenshots.sh: `func describe<Call>(String, ExampleTr…` is 38).
SIDEBAR_WIDTH = 38
# The kinds of sidebar entries that are titled by a declaration.
DECLARATIONS = {"func", "method", "init", "op", "subscript", "case"}


def short(text):
    return IN_SIGNATURE.sub("", IN_NAME.sub("", text)).replace(NONSENDING, "")


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
            # A signature: `fileID: String, `, `isolation: isolated (any Actor)?, () async …`. None of
            # these types holds a comma, so the parameter ends at the first text token holding ", ";
            # what that token holds after it (the next parameter's start) stays.
            j = i + 1
            while j < len(tokens) and not (tokens[j].get("kind") == "text" and ", " in tokens[j]["text"]):
                j += 1
            if j < len(tokens):
                rest = tokens[j]["text"].split(", ", 1)[1]
                if rest:
                    out.append({**tokens[j], "text": rest})
            i = j + 1
            continue
        if token.get("kind") == "keyword" and token.get("text") == NONSENDING.strip():
            # `nonisolated(nonsending) () async …`: the keyword and the space after it go.
            if i + 1 < len(tokens) and tokens[i + 1].get("kind") == "text" and tokens[i + 1]["text"].startswith(" "):
                tokens[i + 1] = {**tokens[i + 1], "text": tokens[i + 1]["text"][1:]}
            i += 1
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


def name_title(node, names):
    """`func describe(_:_:content:)` for a sidebar entry titled by a long declaration, else `None`."""
    title = node.get("title")
    if node.get("type") not in DECLARATIONS or not isinstance(title, str) or len(title) <= SIDEBAR_WIDTH:
        return None
    name = names.get(node.get("path", "").lower())
    if not name:
        return None
    # An enumeration case's page is titled with its type, `GateError.neverOpened(gate:waited:)`;
    # under its type in the sidebar, `case neverOpened(gate:waited:)` says enough.
    name = re.sub(r"^[A-Za-z_][\w.]*\.(?=\w+\()", "", name)
    # The keywords before the name stay: `static func`, `func`, `init`, `case`.
    base = name.split("(", 1)[0]
    at = title.find(base + "(") if base else -1
    if at < 0:
        at = title.find(base + "<") if base else -1
    prefix = title[:at] if at >= 0 else ""
    return prefix + name


def shorten_index(node, names):
    if isinstance(node, dict):
        if isinstance(node.get("title"), str):
            node["title"] = short(node["title"])
        shorten_index(node.get("children", []), names)
    elif isinstance(node, list):
        for child in node:
            shorten_index(child, names)
        # An entry is titled by its name only where no sibling has the same name, long or not.
        children = [child for child in node if isinstance(child, dict)]
        counts = {}
        for child in children:
            name = names.get(child.get("path", "").lower())
            if child.get("type") in DECLARATIONS and name:
                counts[name] = counts.get(name, 0) + 1
        for child in children:
            title = name_title(child, names)
            if not title:
                continue
            name = names[child["path"].lower()]
            if counts[name] == 1:
                child["title"] = title
                continue
            # Siblings of one name keep their declarations, without the keyword if that makes them
            # fit: `deferCleanup(() throws -> Void)`, `deferCleanup(() async throws -> Void)`.
            same = [other for other in children if names.get(other.get("path", "").lower()) == name]
            for other in same:
                other["title"] = re.sub(r"^(static )?func ", "", other["title"])


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    archive = Path(sys.argv[1])
    # Each page's own title, by its path, for the sidebar entries titled by name.
    names = {}
    for path in (archive / "data").rglob("*.json"):
        page = json.loads(path.read_text())
        shorten_page(page)
        path.write_text(json.dumps(page))
        title = page.get("metadata", {}).get("title")
        relative = "/" + path.relative_to(archive / "data").with_suffix("").as_posix()
        if isinstance(title, str):
            names[relative.lower()] = title
    index = archive / "index" / "index.json"
    navigator = json.loads(index.read_text())
    for roots in navigator.get("interfaceLanguages", {}).values():
        shorten_index(roots, names)
    index.write_text(json.dumps(navigator))


if __name__ == "__main__":
    main()
