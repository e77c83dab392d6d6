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
  nophases   steps carry one phase, not a first and a last (the builder before
             helpers were placed by their phases): Step<Phase, Call>, one
             buildFinalResult, hook names of type String?
"""
import sys

off = set(sys.argv[1:])
PHASES = ["BeforeAll", "AroundEach", "BeforeEach", "Examples", "AfterEach", "AfterAll"]
traits = "" if "notraits" in off else "_ traits: Trait..., "
location = ("location: Int = 0, " if "noloc" in off else
            "fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column, ")
asyncs = not ({"noasync", "nocall"} & off)
conformances = not ({"overloads", "norules"} & off)

phases = "nophases" not in off
out = ["public protocol CallKind {}", "public protocol AsyncCallKind: CallKind {}",
       "public enum SyncCall: CallKind {}", "public enum AsyncCall: AsyncCallKind {}",
       "public struct Trait: Sendable { public static let focused = Trait() }",
       "public struct Content { var n: Int; public init(n: Int) { self.n = n } }"]
if phases:
    out += ["public struct Steps<First, Last, Call: CallKind> { public var content: Content; public init(content: Content) { self.content = content } }",
            "public typealias Step<Phase, Call: CallKind> = Steps<Phase, Phase, Call>",
            "public typealias Examples<Call: CallKind> = Step<ExamplesPhase, Call>",
            "public typealias ExampleGroup<Call: CallKind> = Steps<BeforeAllPhase, AfterAllPhase, Call>",
            "public struct HookName: ExpressibleByStringInterpolation, Sendable { var name: String?; public init(stringLiteral value: String) { name = value }; "
            "public init(stringInterpolation: DefaultStringInterpolation) { name = String(stringInterpolation: stringInterpolation) }; "
            "public static let excluded = HookName(stringLiteral: \"\") }",
            "public protocol StepsEndingIn<Last, Call> { associatedtype Last; associatedtype Call: CallKind; var content: Content { get } }",
            "extension Steps: StepsEndingIn {}"]
else:
    out += ["public struct Step<Phase, Call: CallKind> { public var content: Content; public init(content: Content) { self.content = content } }",
            "public typealias Examples<Call: CallKind> = Step<ExamplesPhase, Call>",
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
    if conformances and phases:
        out += [f"public protocol StepOpenTo{q}<First, Call> {{ associatedtype First; associatedtype Call: CallKind; var content: Content {{ get }} }}",
                f"extension Steps: StepOpenTo{q} where Last: OpenTo{q} {{}}"]
    elif conformances:
        out += [f"public protocol StepOpenTo{q}<Call> {{ associatedtype Call: CallKind; var content: Content {{ get }} }}",
                f"extension Step: StepOpenTo{q} where Phase: OpenTo{q} {{}}"]

out.append("@resultBuilder public enum B<Call: CallKind> {")
if phases:
    out += ["  public static func buildExpression<F, L>(_ s: Steps<F, L, Call>) -> Steps<F, L, Call> { s }",
            "  public static func buildPartialBlock<F, L>(first: Steps<F, L, Call>) -> Steps<F, L, Call> { first }"]
    for q in PHASES[:-1]:
        if conformances:
            out.append(f"  public static func buildPartialBlock<F, L>(accumulated: any StepOpenTo{q}<F, Call>, next: Steps<{q}Phase, L, Call>) -> Steps<F, L, Call> {{ Steps(content: next.content) }}")
            continue
        out.append(f"  public static func buildPartialBlock<F, P: OpenTo{q}, L>(accumulated: Steps<F, P, Call>, next: Steps<{q}Phase, L, Call>) -> Steps<F, L, Call> {{ Steps(content: next.content) }}")
        if "overloads" in off:
            out += ['  @available(*, unavailable, message: "rule")',
                    f"  public static func buildPartialBlock<F, P, L>(accumulated: Steps<F, P, Call>, next: Steps<{q}Phase, L, Call>) -> Steps<F, L, Call> {{ fatalError() }}"]
    out += ["  public static func buildPartialBlock<F, P>(accumulated: Steps<F, P, Call>, next: Step<AfterAllPhase, Call>) -> Steps<F, AfterAllPhase, Call> { Steps(content: next.content) }",
            "  public static func buildOptional<L>(_ s: (any StepsEndingIn<L, Call>)?) -> Step<L, Call> { Step(content: s!.content) }",
            "  public static func buildEither<F, L>(first s: Steps<F, L, Call>) -> Step<L, Call> { Step(content: s.content) }",
            "  public static func buildEither<F, L>(second s: Steps<F, L, Call>) -> Step<L, Call> { Step(content: s.content) }",
            "  public static func buildArray<F, L>(_ s: [Steps<F, L, Call>]) -> Step<L, Call> { Step(content: s[0].content) }",
            "  public static func buildFinalResult<F, L>(_ s: Steps<F, L, Call>) -> Steps<F, L, Call> { s }",
            "  @_disfavoredOverload public static func buildFinalResult<F, L>(_ s: Steps<F, L, Call>) -> ExampleGroup<Call> { ExampleGroup(content: s.content) }",
            "}"]
else:
    out += ["  public static func buildExpression<P>(_ s: Step<P, Call>) -> Step<P, Call> { s }",
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
hook_name = "_ name: HookName? = nil, " if phases else "_ name: String? = nil, "
for name, phase, first in [("it", "Examples", "_ d: String, ")] + [
        (h, h[0].upper() + h[1:], hook_name) for h in ["beforeAll", "beforeEach", "afterEach", "afterAll"]]:
    result = f"Step<{phase}Phase, {call}> {{ Step(content: Content(n: 1)) }}"
    out.append(f"public func {name}{generic}({first}{traits}{location}_ body: @escaping () throws -> Void) -> {result}")
    if asyncs:
        out.append(f"@_disfavoredOverload public func {name}<Call: AsyncCallKind>({first}{traits}{location}_ body: @escaping () async throws -> Void) -> {result}")
label = "content" if phases else "_ content"
for name in ["describe", "context"]:
    out.append(f"public func {name}{generic}(_ d: String, {traits}{location}@B<{call}> {label}: () -> ExampleGroup<{call}>) -> Examples<{call}> {{ Examples(content: content().content) }}")
out.append("public func spec(_ name: String? = nil, function: String = #function, fileID: String = #fileID, filePath: String = #filePath, "
           "line: Int = #line, column: Int = #column, @B<SyncCall> _ c: () -> ExampleGroup<SyncCall>) throws {}")
print("\n".join(out))
