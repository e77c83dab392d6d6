import RundownEngine

extension ExampleTrait {
    /// Limits how long the element may run: an example with its `each`
    /// hooks, or a group with everything in it, in an asynchronous spec.
    ///
    /// ```swift
    /// try await spec {
    ///     it("syncs", .timeLimit(.seconds(30))) { try await store.sync() }
    /// }
    /// ```
    ///
    /// When the limit expires, the task of the closure running then is
    /// cancelled, and that closure fails with `TimeLimitExceeded`, which
    /// names the element's path and the limit. Teardown (`afterEach`,
    /// `afterAll`) still runs; what else of the element would have started
    /// fails without running. A closure that ignores its cancellation is
    /// left behind after a grace period (the limit, at most one second, or
    /// `RUNDOWN_GRACE_PERIOD`), and the failure says it was still running; the
    /// spec goes on without it. An enclosing element's limit applies too, and
    /// either wins over the default limit `RUNDOWN_TIME_LIMIT` gives the
    /// closures no `.timeLimit` covers.
    ///
    /// In a synchronous spec, which cannot be interrupted, the element fails
    /// with `ElementScopeNeedsAsynchronousSpec` instead of running.
    public static func timeLimit(_ duration: Duration) -> ExampleTrait {
        .scoped("time limit") { body in
            let path = Array((ExampleRunner.current?.path ?? []).dropLast())
            try await TimeLimit(duration, path: path).run(body)
        }
    }
}
