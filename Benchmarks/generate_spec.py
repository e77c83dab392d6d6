#!/usr/bin/env python3
"""Writes one benchmark spec to stdout: generate_spec.py SHAPE N

SHAPE
  tree      one spec tree: spec > N/100 contexts > 10 contexts > examples,
            with beforeAll, beforeEach and afterEach hooks at every level
  composed  the same examples and hooks, with the body of every context below
            the root declared as its own @ExampleBuilder function and called
            from the context's closure: `context("level 2, 7") { examples7() }`
  phased    composed, but each innermost helper declares its phases,
            `-> Steps<BeforeEachPhase, AfterEachPhase, SyncCall>`, and follows
            a hook of its context: `context("level 2, 7") { beforeEach { … }; examples7() }`
  chunkK    N examples in builder functions of K examples each (plus a
            beforeEach and an afterEach), each called from its own context of
            the spec's root: how the size of one declaration matters
  control   each example as its own statement of one function:
            `let _: Example<SyncCall> = it("example 7") { … }`
  bodies    only the example bodies, as statements of one function
  deep      N nested groups, each with a beforeEach, an example and the next group
"""
import sys

HEADER = ["import Rundown", "", "func check(_ condition: Bool) {}", ""]


def example(i, indent):
    return [
        f'{indent}it("example {i}") {{',
        f"{indent}    let x = {i} + 1",
        f"{indent}    check(x == {i + 1})",
        f"{indent}}}",
    ]


def hook(kind, indent):
    return f"{indent}{kind} {{ check(true) }}"


def layout(n):
    """(outer contexts, inner contexts per outer, examples per inner context)."""
    outer = max(1, n // 100)
    per_inner = 10 if n >= 100 else max(1, n // 10)
    return outer, 10, per_inner


def chunks(n):
    """Inner contexts of at most 25 examples: lists of example numbers."""
    outer, inner, per_inner = layout(n)
    numbers = iter(range(n))
    return [[next(numbers) for _ in range(per_inner)] for _ in range(outer * inner)]


def tree(n, composed, phased=False):
    outer, inner, _ = layout(n)
    parts = chunks(n)
    lines, helpers = [], []
    lines += ["func makeSpec() throws {", "    try spec {", hook("beforeAll", " " * 8), hook("beforeEach", " " * 8)]
    for o in range(outer):
        if composed:
            # Each level-1 context's body is a builder function, and so is
            # each level-2 context's body: no declaration holds more than a
            # few dozen elements.
            lines.append(f'        context("level 1, {o}") {{ level{o}() }}')
            helpers += ["@ExampleBuilder<SyncCall>", f"func level{o}() -> ExampleGroup<SyncCall> {{",
                        hook("beforeEach", " " * 4)]
            for k in range(o * inner, (o + 1) * inner):
                if phased:
                    helpers += [f'    context("level 2, {k}") {{', hook("beforeEach", " " * 8), f"        examples{k}()", "    }"]
                else:
                    helpers.append(f'    context("level 2, {k}") {{ examples{k}() }}')
            helpers += [hook("afterEach", " " * 4), "}", ""]
            for k in range(o * inner, (o + 1) * inner):
                result = "Steps<BeforeEachPhase, AfterEachPhase, SyncCall>" if phased else "ExampleGroup<SyncCall>"
                helpers += ["@ExampleBuilder<SyncCall>", f"func examples{k}() -> {result} {{",
                            hook("beforeEach", " " * 4)]
                for i in parts[k]:
                    helpers += example(i, " " * 4)
                helpers += [hook("afterEach", " " * 4), "}", ""]
            continue
        lines += [f'        context("level 1, {o}") {{', hook("beforeEach", " " * 12)]
        for k in range(o * inner, (o + 1) * inner):
            lines += [f'            context("level 2, {k}") {{', hook("beforeEach", " " * 16)]
            for i in parts[k]:
                lines += example(i, " " * 16)
            lines += [hook("afterEach", " " * 16), "            }"]
        lines += [hook("afterEach", " " * 12), "        }"]
    lines += [hook("afterEach", " " * 8), "    }", "}"]
    return HEADER + helpers + lines


def control(n):
    lines = ["func makeSpec() {"]
    for i in range(n):
        body = example(i, "    ")
        body[0] = "    let _: Example<SyncCall> = " + body[0].lstrip()
        lines += body
    return HEADER + lines + ["}"]


def chunked(n, k):
    helpers, lines = [], ["func makeSpec() throws {", "    try spec {"]
    for c in range((n + k - 1) // k):
        helpers += ["@ExampleBuilder<SyncCall>", f"func examples{c}() -> ExampleGroup<SyncCall> {{", hook("beforeEach", " " * 4)]
        for i in range(c * k, min(n, (c + 1) * k)):
            helpers += example(i, " " * 4)
        helpers += [hook("afterEach", " " * 4), "}", ""]
        lines.append(f'        context("chunk {c}") {{ examples{c}() }}')
    return HEADER + helpers + lines + ["    }", "}"]


def bodies(n):
    lines = ["func makeSpec() {"]
    for i in range(n):
        lines += ["    do {"] + example(i, "    ")[1:-1] + ["    }"]
    return HEADER + lines + ["}"]


def deep(depth):
    lines = ["func makeSpec() throws {", "    try spec {"]
    for d in range(depth):
        indent = " " * (8 + 4 * d)
        lines += [f'{indent}describe("level {d}") {{', hook("beforeEach", indent + "    ")]
        lines += example(d, indent + "    ")
    for d in reversed(range(depth)):
        lines.append(" " * (8 + 4 * d) + "}")
    return HEADER + lines + ["    }", "}"]


if __name__ == "__main__":
    shape, n = sys.argv[1], int(sys.argv[2])
    if shape.startswith("chunk"):
        print("\n".join(chunked(n, int(shape[len("chunk"):]))))
        sys.exit(0)
    source = {"tree": lambda: tree(n, False), "composed": lambda: tree(n, True),
              "phased": lambda: tree(n, True, phased=True),
              "control": lambda: control(n), "bodies": lambda: bodies(n), "deep": lambda: deep(n)}[shape]()
    print("\n".join(source))
