// The aroundEach hand-off.
//
// Invariants. A hook is user code that must run *around* the rest of the
// walk, so the walk cannot simply return it as one call. It returns `.wrap`
// with a token (the element's frame, the hook's place among its layers, the
// hook's runner and a gate); the driver calls the hook, in the hook's own
// context, with a body that re-enters the driver loop. That nested loop drives
// the walk through the inner hooks and the element until the walk answers
// `.unwrap` (the afterEach hooks inside the hook are done); the body then
// returns to the hook, and when the hook returns the driver reports it with
// `finishAround`, which moves the element on to its outer hooks or to its
// end. The Swift call stack thus mirrors the wrappers, while every decision
// stays in the walk.
//
// What runs where. The hook and the tasks it starts (an `async let` watching
// what the body does) see the hook's runner, so that what such a task posts
// and the error the hook rethrows from it are one failure. The closures its
// body runs bind their own contexts, as every closure does, so they see
// themselves even when the hook calls its body from a thread or task that
// inherits nothing; the body drives them under the time limit its caller set
// (a `.timeLimit` scope is such a hook), or else the hook's.
//
// Why the body runs at most once. The walk is not thread-safe and has one
// position; a second run of the body would drive it from a stage it has left,
// and a concurrent one (two `async let`s in Swift 5 mode) from two threads.
// So each token carries an AroundBodyGate: only the first call of the body,
// made before the hook returned, may enter; every other call touches nothing
// but the gate and is reported as a misuse of that hook once it returns (or,
// after it returned, when the walk next takes its inbox). Before finishAround
// the driver closes the gate, which waits while a call of the body still
// drives the walk, so the walk never has two drivers.

extension SpecWalk {
    /// Identifies one `aroundEach` hook call while it is running.
    final class AroundToken {
        let frame: ElementFrame
        let layer: Int
        let level: Int
        /// Lets only the first call of the hook's body drive the walk.
        let gate: AroundBodyGate
        /// The hook's runner: the driver binds its context around the hook,
        /// so that the hook and the tasks it starts see it, and each failure
        /// they post names it.
        let runner: ExampleRunner

        init(frame: ElementFrame, layer: Int, level: Int, runner: ExampleRunner, gate: AroundBodyGate) {
            self.frame = frame
            self.layer = layer
            self.level = level
            self.runner = runner
            self.gate = gate
        }
    }

    /// Called when an `aroundEach` hook's body runs, by the one call that
    /// the token's gate let in.
    func enterAround(_ token: AroundToken) {
        let element = token.frame
        // What the hook misused before its body (a fresh value read around a nested group) comes
        // before what the body runs.
        if case .groupElement = element.kind { record(element.takeFailures(), in: element) }
        element.enteredArounds = element.aroundsBefore(token.layer) + token.level + 1
        element.stage = .around(token.layer, token.level + 1)
    }

    /// Reports how an `aroundEach` hook ended, and what it did with its body.
    func finishAround(_ token: AroundToken, _ outcome: Outcome, _ calls: AroundBodyGate.Calls) {
        finishAround(token.frame, layer: token.layer, level: token.level, outcome, calls, runner: token.runner)
    }

    /// `runner` is the hook's, `nil` for a hook that never ran.
    func finishAround(
        _ element: ElementFrame, layer: Int, level: Int, _ outcome: Outcome, _ calls: AroundBodyGate.Calls,
        runner: ExampleRunner?
    ) {
        takePosted()
        let hook = element.layers[layer].arounds[level].node
        let path = element.path.steps(appending: hook.pathComponent)
        // `#require` in the hook: its issue, which the hook posted, is the report.
        var reported = false
        if case .failed(let error) = outcome, error is any ReportedByFramework { reported = tookPost(from: runner) }
        for _ in 0..<calls.refused {
            let misuse = AroundEachMisuse(hook: hook.pathComponent, problem: .bodyCalledAgain)
            record(SpecFailure(path: path, error: misuse, location: hook.location), of: element)
        }
        let calledBody = calls.ran
        switch outcome {
        case .passed where !calledBody:
            let misuse = AroundEachMisuse(hook: hook.pathComponent, problem: .bodyNeverCalled)
            record(SpecFailure(path: path, error: misuse, location: hook.location), of: element)
        case .passed:
            break
        case .failed(let error):
            fail(element, SpecFailure(path: path, error: error, location: hook.location), reported: reported)
        case .skipped(let reason) where !calledBody:
            skip(element, reason, declaredAt: hook.location)
            element.runsAfterEach = false
        case .skipped(let reason):
            reporter.report(SpecSkip(path: path, reason: reason.message, location: reason.location ?? hook.location))
        }
        element.enteredArounds = element.aroundsBefore(layer) + level
        element.stage = .unwinding(layer)
    }
}
