// `#expect` and `#require` in a file that does not import Testing, such as an
// XCTest file whose specs use them: one error that says what to add.
//
// Without these declarations the compiler finds no macro of the name, and says
// so once for every overload of `spec` and `it` it tries around the closure
// (and once more while it looks for something to blame), then blames the call
// of `spec` (`trailing closure passed to parameter of type 'Spec'`; in a
// `Rundown.TestCase`, a fix-it to write `Rundown.spec`, which changes
// nothing): 11 errors around one `#expect` in a plain `XCTestCase`, 18 in a
// `Rundown.TestCase`, 36 in a `MainActorSuite`. With them, the macro is
// found, the closure type-checks, and the only error is the one on the
// macro, its message saying what to add.
//
// Where Testing is imported, its macros and these both match; the solver
// never picks an unavailable declaration while an available one fits, so
// Testing's are used and these cost one more overload per use.
//
// A macro needs a definition, and Rundown has no macro plugin: each is defined
// as an expansion of a standard library macro. `#line` gives an integer
// literal, a value of `_TestingNotImported`: that type has no cases, so an
// unused `#expect` is no warning (an uninhabited value is never unused), and
// its initializer never runs (the code around an unavailable macro never
// compiles). `#require` of an optional must give the wrapped type, which only
// `#isolation` can stand for: its `nil` is a second error after the first, and
// `try #require(…)` a warning that nothing throws in the expansion. What the
// compiler says for each is pinned by `Tests/CompileFixtures/ExpectWithoutImportingTesting.swift`.

/// The value of `#expect` and `#require` where Testing is not imported: an
/// error, see `expect(_:_:)`. Not a type to use.
public enum _TestingNotImported: ExpressibleByIntegerLiteral {
    /// Never called: the code that would call it does not compile.
    public init(integerLiteral value: Int) {
        preconditionFailure("unreachable: #expect and #require need 'import Testing'")
    }
}

/// Not a macro to use: the compile error for `#expect` in a file that does
/// not import Testing.
@available(
    *, unavailable,
    message:
        "#expect is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssert"
)
@freestanding(expression)
public macro expect(_ condition: Bool, _ comment: @autoclosure () -> String? = nil) -> _TestingNotImported = #line

/// Not a macro to use: the compile error for `#expect(throws:)` in a file that
/// does not import Testing.
@available(
    *, unavailable,
    message:
        "#expect is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssertThrowsError"
)
@freestanding(expression)
public macro expect<Failure: Error, Result>(
    throws errorType: Failure.Type, _ comment: @autoclosure () -> String? = nil,
    performing expression: () async throws -> Result
) -> _TestingNotImported = #line

/// Not a macro to use: the compile error for `#expect(throws:)` with an error
/// value in a file that does not import Testing.
@available(
    *, unavailable,
    message:
        "#expect is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssertThrowsError"
)
@freestanding(expression)
public macro expect<Failure: Error & Equatable, Result>(
    throws error: Failure, _ comment: @autoclosure () -> String? = nil,
    performing expression: () async throws -> Result
) -> _TestingNotImported = #line

/// Not a macro to use: the compile error for `#require` in a file that does
/// not import Testing.
@available(
    *, unavailable,
    message:
        "#require is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTAssert"
)
@freestanding(expression)
public macro require(_ condition: Bool, _ comment: @autoclosure () -> String? = nil) -> _TestingNotImported = #line

/// Not a macro to use: the compile error for `#require` of an optional value
/// in a file that does not import Testing.
@available(
    *, unavailable,
    message:
        "#require is Swift Testing's, and this file does not import Testing: add 'import Testing' (inside a spec it reports under XCTest too), or use XCTUnwrap"
)
@freestanding(expression)
public macro require<Wrapped>(_ optionalValue: Wrapped?, _ comment: @autoclosure () -> String? = nil) -> Wrapped =
    #isolation
