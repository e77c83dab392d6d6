extension SharedResource {
    /// Records a test failure if the current task does not have exclusive access to the resource.
    ///
    /// Put this call in the test double or helper that actually touches the resource. A test that
    /// forgot `.exclusive(...)` or ``withExclusiveAccess(isolation:_:)`` then fails every time, with
    /// a message naming the resource and the test, instead of racing now and then.
    ///
    /// The failure goes to the running framework through ``FailureRouting``; the call itself does
    /// not throw, so it fits in synchronous, non-throwing code.
    ///
    /// ```swift
    /// /// A stand-in for the test host's single window.
    /// actor HostWindow {
    ///     static let shared = HostWindow()
    ///     private(set) var screen: String?
    ///
    ///     func show(_ screen: String) async -> String {
    ///         SharedResource.hostWindow.assertHeld()   // forgetting .exclusive fails the test, loudly
    ///         self.screen = screen
    ///         await Task.yield()                       // the suspension where another suite used to sneak in
    ///         return self.screen ?? "nothing"
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: `true` if access is held; `false` after recording the failure.
    @discardableResult
    public func assertHeld(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Bool {
        guard !isHeldByCurrentTask else { return true }
        let violation = ExclusiveAccessViolation(resource: self, testName: FailureRouting.currentTestName)
        FailureRouting.record(
            ConcurrencyFailure(violation.description, fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return false
    }

    /// Throws unless the current task has exclusive access to the resource.
    ///
    /// The throwing twin of ``assertHeld(fileID:filePath:line:column:)``, for code that can throw and
    /// should stop at once, and for code that runs outside any test framework.
    ///
    /// - Throws: ``ExclusiveAccessViolation`` naming the resource and the running test.
    public func requireAccess() throws {
        guard !isHeldByCurrentTask else { return }
        throw ExclusiveAccessViolation(resource: self, testName: FailureRouting.currentTestName)
    }
}

/// Code used a ``SharedResource`` without first taking exclusive access to it.
public struct ExclusiveAccessViolation: Error, Equatable, CustomStringConvertible {
    /// The resource that was touched.
    public let resource: SharedResource
    /// The Swift Testing test that was running, if any.
    public let testName: String?

    /// Creates a violation report.
    public init(resource: SharedResource, testName: String?) {
        self.resource = resource
        self.testName = testName
    }

    /// Names the resource and the test, and says how to fix the test.
    public var description: String {
        let who = testName.map { "test '\($0)'" } ?? "code outside a Swift Testing test"
        return "Shared resource \(resource) was used by \(who) without exclusive access. "
            + "Add .exclusive(...) for it to the suite or test, or wrap the code in withExclusiveAccess { ... }."
    }
}
