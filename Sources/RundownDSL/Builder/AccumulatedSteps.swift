import RundownEngine

// What ``ExampleBuilder`` has accumulated before an element, seen through the
// phase rule that element needs. `Steps` conforms to each protocol for every
// last phase, but only through the phase's conformance to the matching
// `OpenTo…` protocol, which is unavailable when the element would come too
// late. The builder converts the accumulated steps to one of these
// existentials at the element's own location, so that is where a misordered
// element is reported. `First` carries the first phase of what came before,
// which the builder's result keeps so that a helper's first phase is known
// where the helper is used.

/// Steps after which a `beforeAll` hook may be declared.
@_documentation(visibility: internal)
public protocol StepOpenToBeforeAll<First, Call> {
    /// The first phase of the steps.
    associatedtype First
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which an `aroundEach` hook may be declared.
@_documentation(visibility: internal)
public protocol StepOpenToAroundEach<First, Call> {
    /// The first phase of the steps.
    associatedtype First
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which a `beforeEach` hook may be declared.
@_documentation(visibility: internal)
public protocol StepOpenToBeforeEach<First, Call> {
    /// The first phase of the steps.
    associatedtype First
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which examples and groups may be declared.
@_documentation(visibility: internal)
public protocol StepOpenToExamples<First, Call> {
    /// The first phase of the steps.
    associatedtype First
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which an `afterEach` hook may be declared.
@_documentation(visibility: internal)
public protocol StepOpenToAfterEach<First, Call> {
    /// The first phase of the steps.
    associatedtype First
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

extension Steps: StepOpenToBeforeAll where Last: OpenToBeforeAll {}
extension Steps: StepOpenToAroundEach where Last: OpenToAroundEach {}
extension Steps: StepOpenToBeforeEach where Last: OpenToBeforeEach {}
extension Steps: StepOpenToExamples where Last: OpenToExamples {}
extension Steps: StepOpenToAfterEach where Last: OpenToAfterEach {}

/// Steps seen through their last phase only: the body of an `if` without
/// `else`, which counts as its last element (the builder cannot know the
/// first phase of the body that is not there).
@_documentation(visibility: internal)
public protocol StepsEndingIn<Last, Call> {
    /// The last phase of the steps.
    associatedtype Last
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements of the steps.
    var content: GroupContent<Call.Mode> { get }
}

extension Steps: StepsEndingIn {}
