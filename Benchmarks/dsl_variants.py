#!/usr/bin/env python3
"""Writes a one-file copy of Rundown's DSL signatures to stdout, with features
left out, to measure what each costs the type checker:

    dsl_variants.py [FEATURE_OFF ...] > Rundown.swift
    swiftc -swift-version 6 -parse-as-library -emit-module -module-name Rundown \\
        -emit-module-path DIR/Rundown.swiftmodule Rundown.swift
    generate_spec.py tree 200 > spec.swift
    swiftc -typecheck -swift-version 6 -I DIR spec.swift

FEATURE_OFF
  overloads  order rules as 5 unavailable buildPartialBlock overloads (the old
             design, errors on the group's brace) instead of unavailable conformances
  norules    no ordering diagnostics at all (only the valid overloads)
  notraits   no variadic traits parameter
  noloc      one defaulted parameter instead of fileID, filePath, line, column
  noasync    no async overloads (and no unavailable SyncCall: AsyncCallKind)
  nocall     not generic over the call kind (always SyncCall), no async overloads
"""
import sys

off = set(sys.argv[1:])
PHASES = ["BeforeAll", "AroundEach", "BeforeEach", "Examples", "AfterEach", "AfterAll"]
traits = "" if "notraits" in off else "_ traits: Trait..., "
location = ("location: Int = 0, " if "noloc" in off else
            "fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column, ")
asyncs = not ({"noasync", "nocall"} & off)
conformances = not ({"overloads", "norules"} & off)

out = ["public protocol CallKind {}", "public protocol AsyncCallKind: CallKind {}",
       "public enum SyncCall: CallKind {}", "public enum AsyncCall: AsyncCallKind {}",
       "public struct Trait: Sendable { public static let focused = Trait() }",
       "public struct Content { var n: Int; public init(n: Int) { self.n = n } }",
       "public struct Step<Phase, Call: CallKind> { public var content: Content; public init(content: Content) { self.content = content } }",
       "public typealias ExampleGroup<Call: CallKind> = Step<ExamplesPhase, Call>"]
if asyncs:
    out += ['@available(*, unavailable, message: "async needs an async spec")', "extension SyncCall: AsyncCallKind {}"]
out += [f"public enum {p}Phase {{}}" for p in PHASES]
for i, q in enumerate(PHASES[:-1]):
    out.append(f"public protocol OpenTo{q} {{}}")
    for j, p in enumerate(PHASES):
        if j <= i:
            out.append(f"extension {p}Phase: OpenTo{q} {{}}")
        elif conformances:
            out += [f'@available(*, unavailable, message: "{q} rule")', f"extension {p}Phase: OpenTo{q} {{}}"]
    if conformances:
        out += [f"public protocol StepOpenTo{q}<Call> {{ associatedtype Call: CallKind; var content: Content {{ get }} }}",
                f"extension Step: StepOpenTo{q} where Phase: OpenTo{q} {{}}"]

out += ["@resultBuilder public enum B<Call: CallKind> {",
        "  public static func buildExpression<P>(_ s: Step<P, Call>) -> Step<P, Call> { s }",
        "  public static func buildPartialBlock<P>(first: Step<P, Call>) -> Step<P, Call> { first }"]
for q in PHASES[:-1]:
    if conformances:
        out.append(f"  public static func buildPartialBlock(accumulated: any StepOpenTo{q}<Call>, next: Step<{q}Phase, Call>) -> Step<{q}Phase, Call> {{ next }}")
        continue
    out.append(f"  public static func buildPartialBlock<P: OpenTo{q}>(accumulated: Step<P, Call>, next: Step<{q}Phase, Call>) -> Step<{q}Phase, Call> {{ next }}")
    if "overloads" in off:
        out += ['  @available(*, unavailable, message: "rule")',
                f"  public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<{q}Phase, Call>) -> Step<{q}Phase, Call> {{ fatalError() }}"]
out += ["  public static func buildPartialBlock<P>(accumulated: Step<P, Call>, next: Step<AfterAllPhase, Call>) -> Step<AfterAllPhase, Call> { next }",
        "  public static func buildOptional<P>(_ s: Step<P, Call>?) -> Step<P, Call> { s! }",
        "  public static func buildEither<P>(first s: Step<P, Call>) -> Step<P, Call> { s }",
        "  public static func buildEither<P>(second s: Step<P, Call>) -> Step<P, Call> { s }",
        "  public static func buildArray<P>(_ s: [Step<P, Call>]) -> Step<P, Call> { s[0] }",
        "  public static func buildFinalResult<P>(_ s: Step<P, Call>) -> ExampleGroup<Call> { Step(content: s.content) }",
        "}"]

generic, call = ("", "SyncCall") if "nocall" in off else ("<Call: CallKind>", "Call")
for name, phase, first in [("it", "Examples", "_ d: String, ")] + [
        (h, h[0].upper() + h[1:], "_ name: String? = nil, ") for h in ["beforeAll", "beforeEach", "afterEach", "afterAll"]]:
    result = f"Step<{phase}Phase, {call}> {{ Step(content: Content(n: 1)) }}"
    out.append(f"public func {name}{generic}({first}{traits}{location}_ body: @escaping () throws -> Void) -> {result}")
    if asyncs:
        out.append(f"@_disfavoredOverload public func {name}<Call: AsyncCallKind>({first}{traits}{location}_ body: @escaping () async throws -> Void) -> {result}")
for name in ["describe", "context"]:
    out.append(f"public func {name}{generic}(_ d: String, {traits}{location}@B<{call}> _ c: () -> ExampleGroup<{call}>) -> ExampleGroup<{call}> {{ c() }}")
out.append("public func spec(_ name: String? = nil, function: String = #function, fileID: String = #fileID, filePath: String = #filePath, "
           "line: Int = #line, column: Int = #column, @B<SyncCall> _ c: () -> ExampleGroup<SyncCall>) throws {}")
print("\n".join(out))
