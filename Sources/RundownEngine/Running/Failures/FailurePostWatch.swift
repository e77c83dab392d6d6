/// Code that must know, as it happens, that a failure was posted in its task
/// or a task it started: the interleaving explorer, which ends its
/// exploration at the first run with a failure while the spec's walk
/// attributes that failure only when the example's closure ends.
package protocol FailurePostObserver: AnyObject, Sendable {
    /// A failure was posted to a spec run from this task.
    func failureWasPosted()
}

/// The observer of posted failures for the code running now.
package enum FailurePostWatch {
    /// Told of each failure posted in this task or a task it started, if set.
    @TaskLocal package static var current: (any FailurePostObserver)?
}
