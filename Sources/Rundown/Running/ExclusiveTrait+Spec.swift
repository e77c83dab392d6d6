import RundownConcurrency
import RundownDSL

extension ExampleTrait {
    /// Holds shared resources while the element runs: an example with its
    /// `each` hooks, or a group with all of its hooks and elements. Other specs,
    /// suites and tests that want one of the resources wait their turn; those
    /// that want unrelated resources do not.
    ///
    /// ```swift
    /// try await spec {
    ///     describe("the settings screen", .exclusive(.hostWindow)) {
    ///         it("shows the title") { #expect(await HostWindow.shared.show("settings") == "settings") }
    ///     }
    /// }
    /// ```
    ///
    /// It needs an asynchronous spec (`try await spec`), because waiting for
    /// a resource suspends. Nested elements may ask for further resources
    /// only if their names sort after the ones their groups hold; otherwise
    /// the element fails at once with a lock-order inversion instead of
    /// risking a deadlock with a spec that nests them the other way round.
    public static func exclusive(_ resource: SharedResource, _ more: SharedResource...) -> ExampleTrait {
        let resources = [resource] + more
        let names = resources.map(\.name).joined(separator: ", ")
        return .scoped("exclusive access to \(names)") { body in
            // The scope runs as the element's outermost hook, so the runner is the element's: its
            // failures are reported at the element's line, not in this file.
            guard let runner = ExampleRunner.current else {
                return try await SharedResource.withExclusiveAccess(to: resources) { try await body() }
            }
            let site = HoldSite("spec '\(runner.description)'", at: runner.location)
            try await SharedResource.withExclusiveAccess(to: resources, site: site) {
                try await body()
            }
        }
    }
}
