/// The test, and the spec element in it, whose code a toolkit check names: who used a
/// ``SharedResource`` without holding it, who holds an ``AsyncLock``.
///
/// It says which framework runs the test, because the fix differs: a Swift Testing suite or test
/// takes the `.exclusive(...)` trait, a spec's group or example takes the spec's trait, and an
/// XCTest method, which takes no trait, calls `withExclusiveAccess { ... }`.
///
/// A Swift Testing test is named as `Test.current` names it. An XCTest method is named when
/// Rundown knows it: always for a `Rundown.TestCase` test, and for a plain `XCTestCase` test once
/// Rundown's XCTest observer has seen it start (it is registered when Rundown first meets XCTest
/// in the process: the first spec, toolkit check or exploration), or seen it fail. XCTest tells
/// no one which test runs otherwise.
public struct RunningTest: Hashable, Sendable, CustomStringConvertible {
    /// The test framework that runs the test.
    public enum Framework: Hashable, Sendable {
        /// Swift Testing: a `@Test` function.
        case swiftTesting
        /// XCTest: a test method of an `XCTestCase`.
        case xcTest
    }

    /// The framework running the test; `nil` for a spec run where no framework runs.
    public let framework: Framework?
    /// The test's name: `forgotTheTrait()` for a Swift Testing test, `PrinterTests.testPrint` for an
    /// XCTest method on Linux (`-[PrinterTests testPrint]` on Apple platforms); `nil` when unknown.
    public let testName: String?
    /// The path of the spec element or hook that ran the code (`Printer, prints`), if a spec did.
    public let specPath: String?

    /// Names a test, and the spec element in it, as a message shows them.
    package init(framework: Framework?, testName: String?, specPath: String?) {
        self.framework = framework
        self.testName = testName
        self.specPath = specPath
    }

    /// How messages name it: `test 'forgotTheTrait()'`, `XCTest method 'PrinterTests.testPrint'`,
    /// `spec 'Printer, prints' in XCTest method 'PrinterTests.testPrint'`.
    public var description: String {
        guard let specPath else { return test(standingAlone: true) ?? "code outside any test" }
        return "spec '\(specPath)'" + (test(standingAlone: false).map { " in \($0)" } ?? "")
    }

    /// The test part of the description; `nil` where no framework runs.
    private func test(standingAlone: Bool) -> String? {
        switch (framework, testName) {
        case (nil, _): nil
        case (.swiftTesting, let name?): "test '\(name)'"
        case (.swiftTesting, nil): standingAlone ? "the Swift Testing test that is running" : "a Swift Testing test"
        case (.xcTest, let name?): "XCTest method '\(name)'"
        case (.xcTest, nil): standingAlone ? "the XCTest method that is running" : "an XCTest method"
        }
    }

    /// What can claim a resource for the code: the traits of a spec, of Swift Testing, or a call.
    enum Claim {
        /// A spec's `.exclusive(...)` on a group or an example; under Swift Testing, also the
        /// trait of the suite or test that runs the spec.
        case specTrait(orTestTrait: Bool)
        /// A Swift Testing suite's or test's `.exclusive(...)`.
        case testTrait
        /// `withExclusiveAccess { ... }`: an XCTest method takes no trait.
        case call
    }

    /// What the fix of a message about code run by `test` should offer; a Swift Testing trait
    /// where no test is known (a task outside any test, or code outside any framework).
    static func claim(for test: RunningTest?) -> Claim {
        guard let test else { return .testTrait }
        if test.specPath != nil { return .specTrait(orTestTrait: test.framework == .swiftTesting) }
        return test.framework == .xcTest ? .call : .testTrait
    }
}
