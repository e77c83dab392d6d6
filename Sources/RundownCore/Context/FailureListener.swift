/// Code that must know, as it happens, of every failure posted in a region
/// of code and the tasks it starts: the explorer, which ends an exploration
/// at the first run with a failure.
package protocol FailureListener: AnyObject, Sendable {
    /// A failure was posted in the listener's region. It still goes on to
    /// the spec that runs, if any; the listener only hears it.
    func hear(_ failure: PostedFailure)

    /// Whether the listener keeps what no spec takes, so that its poster
    /// does not record it too: a region where nothing else would (an
    /// exploration with no test framework, which throws what it heard), or a
    /// test that collects failures.
    var keepsUnclaimed: Bool { get }

    /// Whether the listener keeps every failure of its region from everything
    /// outside it, a spec's run included: an exploration repeating a failing
    /// order to see whether it fails again, whose failures were reported once.
    var keepsEverything: Bool { get }
}

extension FailureListener {
    package var keepsUnclaimed: Bool { false }
    package var keepsEverything: Bool { false }
}
