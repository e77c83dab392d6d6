/// Where the failures posted in the closures of one spec run go: the engine's
/// run, which attributes each to the closure that posted it and counts it.
/// The core hands it failures on the one road (`RunContext.post`) and asks
/// only whether a context has one (`RunContext.isInSpec`).
package protocol FailureSink: AnyObject, Sendable {
    /// Takes `failure`, posted by the code of `closure` or a task it started.
    /// `closure` is the one bound beside this sink in the same context.
    func take(_ failure: PostedFailure, postedBy closure: any RunningClosure)
}
