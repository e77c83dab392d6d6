#if canImport(Testing)
import RundownTestingSupport
import Testing

/// A Swift Testing trait for tests that run specs.
///
/// Add it to a test, or to a suite to apply it to every test inside:
///
/// ```swift
/// @Suite(.specs) struct ParserSpecs {
///     @Test func parser() throws {
///         try spec {
///             it("parses") { #expect(parse("1") == 1) }
///         }
///     }
/// }
/// ```
///
/// Without it, a spec already records every failure with its path, and
/// `#expect`, `#require` and `Issue.record` in an `async` spec carry the path
/// too. The trait adds two things that Swift Testing allows only around a
/// whole test:
/// - in a synchronous spec, `#expect`, `#require` and `Issue.record` carry
///   the path of the element that recorded them (Swift Testing can scope
///   issue handling only around asynchronous code);
/// - a test whose specs skipped every example, and in which nothing failed,
///   is reported as skipped (cancelled) when it ends. Without the trait such
///   a spec records a warning and the test goes on, because a skip at the
///   spec would hide everything after it in the test.
public struct SpecsTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of a suite that carries it.
    public var isRecursive: Bool { true }

    /// Scopes each test, not the suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> SpecsTrait? {
        test.isSuite ? nil : self
    }

    /// Runs the test inside the scope that records what its specs did.
    @concurrent public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await SpecTestScope.run(test, testCase, function)
    }
}

extension Trait where Self == SpecsTrait {
    /// Lets Rundown see a whole test: issues of synchronous specs carry their
    /// element's path, and a test whose specs skipped everything is reported
    /// as skipped. See ``SpecsTrait``.
    public static var specs: Self { SpecsTrait() }
}
#endif
