#!/usr/bin/env python3
"""Writes the section "Rules and the tests that pin them" of Tests/README.md from
the sources: every rule (a `###` heading) of the Behaviour article, under its area
(`##`), with the files under Tests/ that cite it as `Behaviour#<anchor>`.

    python3 Scripts/behaviour-map.py          rewrites the section in place
    python3 Scripts/behaviour-map.py --check  fails if the section is not what it would write

BehaviourCitationTests checks that every citation names a rule and every rule is
cited; this keeps the maintainer's index of them from going stale.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARTICLE = os.path.join(ROOT, "Sources/Rundown/Rundown.docc/Behaviour.md")
README = os.path.join(ROOT, "Tests/README.md")
HEADING = "## Rules and the tests that pin them"
# Rules that a check of .ci/run pins rather than a Swift test.
PINNED_BY_CI = {
    "Production-code-links-no-test-framework": "`.ci/run` (builds an app that imports only RundownTasks and reads its links)",
}


def anchor(heading):
    return heading.strip().replace(" ", "-")


def rules():
    areas, area = [], None
    with open(ARTICLE, encoding="utf-8") as article:
        for line in article:
            if line.startswith("## "):
                area = (line[3:].strip(), [])
                areas.append(area)
            elif line.startswith("### ") and area is not None:
                area[1].append(anchor(line[4:]))
    return areas


def citations():
    cited = {}
    pattern = re.compile(r"Behaviour#([A-Za-z0-9-]+)")
    tests = os.path.join(ROOT, "Tests")
    for folder, _, files in os.walk(tests):
        for name in files:
            # The citation checker names anchors as examples of its own, not as rules it pins.
            if not name.endswith(".swift") or name == "BehaviourCitationTests.swift":
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8") as source:
                for found in pattern.findall(source.read()):
                    cited.setdefault(found.rstrip("-"), set()).add(os.path.relpath(path, tests))
    return cited


def section():
    cited = citations()
    lines = [
        HEADING,
        "",
        "Each rule of the Behaviour article, by its anchor, with the files (under",
        "`Tests/`) that cite it. Written by `Scripts/behaviour-map.py` from the",
        "article and the citations; `.ci/run` fails when it is stale.",
    ]
    for area, anchors in rules():
        if not anchors:
            continue
        lines += ["", f"### {area}", ""]
        for name in anchors:
            files = ", ".join(f"`{path}`" for path in sorted(cited.get(name, ())))
            files = files or PINNED_BY_CI.get(name, "no test cites it yet")
            lines.append(f"- `Behaviour#{name}`: {files}")
    return "\n".join(lines) + "\n"


def main():
    with open(README, encoding="utf-8") as readme:
        text = readme.read()
    start = text.index(HEADING)
    following = text.find("\n## ", start + len(HEADING))
    end = len(text) if following < 0 else following + 1
    updated = text[:start] + section() + ("\n" + text[end:] if following >= 0 else "")
    if "--check" in sys.argv[1:]:
        if updated != text:
            sys.exit("error: Tests/README.md's map of rules and tests is stale: run python3 Scripts/behaviour-map.py")
        return
    with open(README, "w", encoding="utf-8") as readme:
        readme.write(updated)


if __name__ == "__main__":
    main()
