/// An error that adds words to another one (it came late, the run's seed):
/// hosts look through it to tell what was thrown from what was reported.
package protocol WrappedFailure: Error {
    /// The error it adds to.
    var wrapped: any Error { get }
}
