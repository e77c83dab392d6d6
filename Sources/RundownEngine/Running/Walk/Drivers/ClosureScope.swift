/// Something a host runs each closure of a synchronous spec inside, such as an
/// XCTest activity named after the runner's path.
///
/// It gets the runner of the example or hook about to run and a body that runs
/// it, and must call the body exactly once, on the calling thread. A scope
/// that does not call it fails that element or hook.
package typealias ClosureScope = (_ runner: ExampleRunner, _ body: () -> Void) -> Void

extension Optional where Wrapped == ClosureScope {
    /// Runs `body`, the closure of `runner`, inside the scope, if there is one.
    func run(_ runner: ExampleRunner, _ body: () -> Outcome) -> Outcome {
        guard let scope = self else { return body() }
        var outcome: Outcome?
        scope(runner) { outcome = body() }
        return outcome ?? .failed(ClosureScopeDidNotRun())
    }
}
