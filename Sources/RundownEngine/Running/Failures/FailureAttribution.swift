// Which element or hook a failure that was not thrown belongs to.
//
// Invariants. A posted failure names the runner of the closure whose task
// posted it, and through it that closure's frame and run. The walk attributes
// it there: as a failure of the element or hook while its frame runs (for an
// example that repeats or retries, while the run that posted it goes on); as
// a late failure once that frame (or that run) has ended, naming the example,
// and never as a failure of whatever runs now. Each is counted once. The
// runners that posted while their closure may still throw the error their
// framework reported for it (`#require`) are noted (`posters`), so that the
// thrown error and the posted report are one failure; a frame forgets its
// runners when it ends.

extension SpecWalk {
    /// Records the failures taken from the inbox, each for the frame of the
    /// runner that posted it (see FailureInbox.swift).
    func attribute(_ posted: [FailureInbox.Posted]) {
        for failure in posted {
            switch failure {
            case .made(let failure):
                // An `aroundEach` body called after its hook returned: its element has moved on.
                reporter.report(failure)
            case .posted(let runner, let error, let location):
                attribute(error, at: location, postedBy: runner)
            }
        }
    }

    func attribute(_ error: any Error, at location: CodeLocation, postedBy runner: ExampleRunner) {
        switch runner.state {
        case let element as ElementFrame:
            if let run = runner.attempt, let attempts = element.attempts, element.result != nil || run !== attempts.note
            {
                // The run that posted it has ended: the example has, or another run of it goes on.
                attribute(error, at: location, postedBy: runner, of: element, in: run, of: attempts)
            } else if let result = element.result {
                let late = runner.latePath
                reporter.report(
                    SpecFailure(path: late, error: LateFailure(error: error, example: late), location: location))
                failLate(element, from: result)
            } else {
                record(SpecFailure(path: runner.path, error: error, location: location), of: element)
                notePoster(runner)
            }
        case let group as GroupFrame where group.isDone:
            let path = runner.path
            reporter.report(
                SpecFailure(path: path, error: LateFailure(error: error, example: path), location: location))
        default:
            reporter.report(SpecFailure(path: runner.path, error: error, location: location))
            notePoster(runner)
        }
    }

    /// Attributes a failure posted from `run` of an example that repeats or
    /// retries, once that run has ended: it is that run's late failure
    /// (contract section 13), never one of a later run.
    ///
    /// - A run that was retried had failed: its late failure joins that
    ///   repetition's failures, held with them while the repetition goes on,
    ///   a warning if the repetition passed on a later attempt, a failure if
    ///   it failed on every attempt (the example has failed already).
    /// - Any other run ended its repetition passing, or it was the example's
    ///   last: the example fails, at once if it has ended, when its current
    ///   run ends otherwise, and it repeats no more.
    func attribute(
        _ error: any Error, at location: CodeLocation, postedBy runner: ExampleRunner, of element: ElementFrame,
        in run: AttemptNote, of attempts: ExampleAttempts
    ) {
        let path = runner.latePath
        let failure = SpecFailure(
            path: path, error: LateFailure(error: error, example: path, run: run), location: location)
        let result = element.result
        if attempts.wasRetried(run) {
            if result == nil, run.repetition == attempts.note.repetition {
                attempts.held.append(failure)
            } else if case .passed = result {
                reporter.notice(
                    SpecNotice(
                        path: element.path.steps(), location: element.node.location,
                        kind: .flaky(passedOn: attempts.note.attempt, attempts: attempts.attempts, failures: [failure]))
                )
            } else {
                reporter.report(failure)
            }
            return
        }
        reporter.report(failure)
        if let result {
            failLate(element, from: result)
        } else {
            attempts.failedLate = attempts.failedLate ?? run
        }
    }

    /// An example that had ended as `result` failed late: its own result,
    /// corrected, never another example's.
    func failLate(_ element: ElementFrame, from result: ExampleResult) {
        guard case .example = element.node, result != .failed else { return }
        element.result = .failed
        reporter.correct(element.path.steps(), from: result)
        // A failing example for `RUNDOWN_FAIL_FAST` too: nothing that has not started yet starts.
        failFast?.trip()
    }

    /// Notes that `runner` posted a failure while its closure may still run,
    /// so that an error its framework reported as well is one failure.
    func notePoster(_ runner: ExampleRunner) {
        if !posters.contains(where: { $0 === runner }) { posters.append(runner) }
    }

    /// Whether `runner` posted a failure that the walk took; forgets it, as
    /// its closure has ended. (The runners of closures that posted and did
    /// not throw such an error are forgotten when their frame ends.)
    func tookPost(from runner: ExampleRunner?) -> Bool {
        guard let runner, let index = posters.firstIndex(where: { $0 === runner }) else { return false }
        posters.remove(at: index)
        return true
    }

    /// Forgets the runners of `frame`'s closures that posted: the frame has ended.
    func forgetPosters(of frame: ElementState) {
        if !posters.isEmpty { posters.removeAll { $0.state === frame } }
    }
}
