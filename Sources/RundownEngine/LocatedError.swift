/// An error that knows the source line it should be reported at.
///
/// A helper that throws on behalf of its caller (a polling wait that timed out, say) conforms, so
/// the failure points at the helper's call instead of the element that was running.
public protocol LocatedError: Error {
    /// Where the call that failed is.
    var location: CodeLocation { get }
}
