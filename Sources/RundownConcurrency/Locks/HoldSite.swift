import RundownCore

/// Where a hold was asked for: the failure of a task that shares it too long is reported there.
package struct HoldSite: Sendable {
    /// The location, with an empty message.
    let failure: ConcurrencyFailure
    /// Who holds, when it is not a `withLock` call: "test 'x()'", "suite 'S'", "spec 'a, b'".
    let scope: String?

    /// A `withLock` or `withExclusiveAccess` call.
    init(_ call: ConcurrencyFailure) {
        self.failure = call
        self.scope = nil
    }

    /// A suite, test or spec element that holds for as long as it runs, declared at `location`.
    package init(_ scope: String, at location: CodeLocation) {
        self.failure = ConcurrencyFailure("", at: location)
        self.scope = scope
    }
}
