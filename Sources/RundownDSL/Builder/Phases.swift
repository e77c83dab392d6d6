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

// Every phase conforms to every protocol below; the conformances that break
// a rule are unavailable (see OrderingRules.swift).

/// A phase after which a `beforeAll` hook may still be declared.
public protocol OpenToBeforeAll {}
/// A phase after which an `aroundEach` hook may still be declared.
public protocol OpenToAroundEach {}
/// A phase after which a `beforeEach` hook may still be declared.
public protocol OpenToBeforeEach {}
/// A phase after which examples and groups may still be declared.
public protocol OpenToExamples {}
/// A phase after which an `afterEach` hook may still be declared.
public protocol OpenToAfterEach {}

extension BeforeAllPhase: OpenToBeforeAll, OpenToAroundEach, OpenToBeforeEach, OpenToExamples, OpenToAfterEach {}
extension AroundEachPhase: OpenToAroundEach, OpenToBeforeEach, OpenToExamples, OpenToAfterEach {}
extension BeforeEachPhase: OpenToBeforeEach, OpenToExamples, OpenToAfterEach {}
extension ExamplesPhase: OpenToExamples, OpenToAfterEach {}
extension AfterEachPhase: OpenToAfterEach {}
