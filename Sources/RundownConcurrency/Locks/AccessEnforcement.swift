extension SharedResource {
    /// Records a test failure if the current task does not have exclusive access to the resource.
    ///
    /// Put this call in the test double or helper that actually touches the resource. A test that
    /// forgot `.exclusive(...)` or ``withExclusiveAccess(within:fileID:filePath:line:column:isolation:_:)``
    /// then fails every time, with a message naming the resource and the test, instead of racing
    /// now and then. Like `#expect`, it records and goes on; ``requireHeld()`` is the `#require`
    /// twin that throws.
    ///
    /// The failure is reported at this call, to the spec or test framework that runs it (inside a
    /// Rundown spec, with the element's path); the call itself does not throw, so it fits in
    /// synchronous, non-throwing code.
    ///
    /// ```swift
    /// /// A stand-in for the test host's single window.
    /// actor HostWindow {
    ///     static let shared = HostWindow()
    ///     private(set) var screen: String?
    ///
    ///     func show(_ screen: String) async -> String {
    ///         SharedResource.hostWindow.expectHeld()   // forgetting .exclusive fails the test, loudly
    ///         self.screen = screen
    ///         await Task.yield()                       // the suspension where another suite used to sneak in
    ///         return self.screen ?? "nothing"
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: `true` if access is held; `false` after recording the failure.
    @discardableResult
    public func expectHeld(
        fileID: String = #fileID,
        filePath: StaticString = #filePath,
        line: Int = #line,
        column: Int = #column
    ) -> Bool {
        guard !isHeldByCurrentTask else { return true }
        let error = ExclusiveAccessError.notHeld(resource: self, user: FailureRouting.currentTest)
        FailureRouting.record(
            ConcurrencyFailure(error.description, fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return false
    }

    /// Throws unless the current task has exclusive access to the resource.
    ///
    /// The throwing twin of ``expectHeld(fileID:filePath:line:column:)``, for code that can throw
    /// and should stop at once, and for code that runs outside any test framework.
    ///
    /// - Throws: ``ExclusiveAccessError/notHeld(resource:user:)`` naming the resource and the
    ///   running test.
    public func requireHeld() throws {
        guard !isHeldByCurrentTask else { return }
        throw ExclusiveAccessError.notHeld(resource: self, user: FailureRouting.currentTest)
    }
}
