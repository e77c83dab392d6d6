/// The closure of a spec that runs in a context, as the core and the toolkit
/// see it: what they name in a message and where it was declared. The
/// engine's `ExampleRunner` is the one type that conforms; the engine reads
/// it back as one with a checked cast.
package protocol RunningClosure: AnyObject, Sendable, CustomStringConvertible {
    /// Where the element or hook whose closure runs was declared.
    var location: CodeLocation { get }
}
