#if canImport(Testing)
import RundownCore
import Testing

/// The Swift Testing trait that `.exclusive(...)` makes (see ``Testing/Trait/exclusive(_:_:)``).
///
/// Public because Swift Testing's `Trait` requirements must be, and hidden from the documentation:
/// users write `.exclusive(...)`, never this type.
@_documentation(visibility: internal)
public struct ExclusiveTrait: SuiteTrait, TestTrait, TestScoping {
    /// The resources held while the suite or test runs.
    public let resources: [SharedResource]

    /// Always `false`: the suite itself holds the resources once, for all of its tests.
    ///
    /// A recursive trait would make each test queue separately, letting another suite slip in
    /// between two tests of this one.
    public var isRecursive: Bool { false }

    /// Creates the trait; `.exclusive(...)` is how users spell it.
    package init(resources: [SharedResource]) {
        self.resources = resources
    }

    /// Holds the resources for the duration of `function`, which runs the suite or the test.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // Reported at the suite or test, naming it: this file is Rundown's, not the user's.
        let location = test.sourceLocation
        let site = HoldSite(
            "\(test.isSuite ? "suite" : "test") '\(test.name)'",
            at: CodeLocation(
                fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column))
        try await SharedResource.withExclusiveAccess(to: resources, site: site) {
            try await function()
        }
    }
}

extension Trait where Self == ExclusiveTrait {
    /// Gives the suite or test exclusive access to one or more shared resources.
    ///
    /// `.serialized` only orders the tests inside one suite; separate suites still run in
    /// parallel. This trait closes that gap: on a suite it holds the resources from before the first
    /// test starts until after the last one ends, across every suspension point in between, so no
    /// other suite or test marked with the same resource can interleave. Suites marked with
    /// different resources keep running in parallel.
    ///
    /// ```swift
    /// @Suite(.exclusive(.hostWindow))
    /// struct FormFocusTests {
    ///     @Test func typingReachesTheForm() async {
    ///         let shown = await HostWindow.shared.show("client form")
    ///         #expect(shown == "client form")
    ///     }
    /// }
    ///
    /// @Test(.exclusive(.hostWindow, .keychain))
    /// func signInRemembersTheAccount() async {
    ///     let shown = await HostWindow.shared.show("sign in")
    ///     #expect(shown == "sign in")
    /// }
    /// ```
    ///
    /// The tests *inside* an exclusive suite still run in parallel with one another; add
    /// `.serialized` as well if they must not.
    ///
    /// A `Task { }` started inside the suite or test shares its access (see ``AsyncLock``); one
    /// still running 10 seconds (times `RUNDOWN_TIMEOUT_SCALE`) after the suite or test ended is
    /// reported as a failure at the suite or test, naming it, and the resource is released.
    ///
    /// A test inside an exclusive suite may ask for more resources only if their names sort after
    /// the suite's: asking for one that sorts before fails the test at once with
    /// ``ExclusiveAccessError/lockOrderInversion(held:requested:holder:)``, because a suite marked
    /// the other way round could otherwise deadlock with it. List both on the suite instead.
    ///
    /// - Parameters:
    ///   - resource: A resource the suite or test must have to itself.
    ///   - more: Further resources, acquired together without risk of deadlock.
    public static func exclusive(_ resource: SharedResource, _ more: SharedResource...) -> Self {
        ExclusiveTrait(resources: [resource] + more)
    }
}
#endif
