// The run context as the engine reads it: the core keeps its parts as the
// protocols it knows (`RunningClosure`, `FailureSink`, `ClosureTimeLimit`),
// and the engine, whose types are the only ones that conform, reads them
// back as its own through checked casts.

extension RunContext {
    /// The runner of the closure of a spec running in this context: its
    /// example or hook, and which run of its example; `nil` outside a spec.
    package var runner: ExampleRunner? { closure as? ExampleRunner }

    /// Where the failures of that spec run go, and its host; `nil` outside a spec.
    var run: SpecRunState? { sink as? SpecRunState }

    /// The innermost time limit the code runs under, if any.
    package var limit: TimeLimit? { timeLimit as? TimeLimit }

    /// The host of the spec whose closure runs, if any: a spec started
    /// inside reports through it.
    package var host: (any SpecHost)? { run?.host }
}

extension ExampleRunner: RunningClosure {}

extension TimeLimit: ClosureTimeLimit {}

extension SpecRunState: FailureSink {
    /// Puts `failure` in the run's inbox, attributed to the runner that
    /// posted it.
    func take(_ failure: PostedFailure, postedBy closure: any RunningClosure) {
        // The drivers bind each of their runners beside the run that made it; nothing else
        // makes a context with a spec run's sink.
        guard let runner = closure as? ExampleRunner else {
            preconditionFailure("a spec run's sink was bound beside a closure that is not one of its runners")
        }
        inbox.post(runner.attributed(failure))
    }
}
