// The phases of a group, in the order its contents must be declared. They exist
// only as types: the builder tracks the phase reached so far and accepts the
// next element only if its phase is the same or later.

/// The phase of `beforeAll` hooks, which come first in a group.
public enum BeforeAllPhase {}
/// The phase of `aroundEach` hooks.
public enum AroundEachPhase {}
/// The phase of `beforeEach` hooks.
public enum BeforeEachPhase {}
/// The phase of examples and nested groups.
public enum ExamplesPhase {}
/// The phase of `afterEach` hooks.
public enum AfterEachPhase {}
/// The phase of `afterAll` hooks, which come last in a group.
public enum AfterAllPhase {}
/// The last phase of an ``ExampleGroup``: a helper that returns one may end
/// with any hook, so, as after an `afterAll` hook, only `afterAll` hooks may
/// follow it. A phase of its own, so that the error for what follows names
/// the helper, and the error after a real `afterAll` hook does not.
public enum WholeGroupPhase {}

// Every phase conforms to every protocol below; the conformances that break
// a rule are unavailable, with the rule as their message. Both are generated
// from the table of rules in Scripts/generate-dsl.py: DSL.generated.swift.

/// A phase after which a `beforeAll` hook may still be declared.
@_documentation(visibility: internal)
public protocol OpenToBeforeAll {}
/// A phase after which an `aroundEach` hook may still be declared.
@_documentation(visibility: internal)
public protocol OpenToAroundEach {}
/// A phase after which a `beforeEach` hook may still be declared.
@_documentation(visibility: internal)
public protocol OpenToBeforeEach {}
/// A phase after which examples and groups may still be declared.
@_documentation(visibility: internal)
public protocol OpenToExamples {}
/// A phase after which an `afterEach` hook may still be declared.
@_documentation(visibility: internal)
public protocol OpenToAfterEach {}

/// A phase that may follow any other: after it, only `afterAll` hooks may come.
@_documentation(visibility: internal)
public protocol GroupClosingPhase {}

extension AfterAllPhase: GroupClosingPhase {}
extension WholeGroupPhase: GroupClosingPhase {}
