import RundownEngine

// What ``ExampleBuilder`` has accumulated before an element, seen through the
// phase rule that element needs. `Step` conforms to each protocol for every
// phase, but only through the phase's conformance to the matching `OpenTo…`
// protocol, which is unavailable when the element would come too late. The
// builder converts the accumulated step to one of these existentials at the
// element's own location, so that is where a misordered element is reported.

/// Steps after which a `beforeAll` hook may be declared.
public protocol StepOpenToBeforeAll<Call> {
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which an `aroundEach` hook may be declared.
public protocol StepOpenToAroundEach<Call> {
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which a `beforeEach` hook may be declared.
public protocol StepOpenToBeforeEach<Call> {
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which examples and groups may be declared.
public protocol StepOpenToExamples<Call> {
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

/// Steps after which an `afterEach` hook may be declared.
public protocol StepOpenToAfterEach<Call> {
    /// The call kind of the spec.
    associatedtype Call: CallKind
    /// The hooks and elements accumulated so far.
    var content: GroupContent<Call.Mode> { get }
}

extension Step: StepOpenToBeforeAll where Phase: OpenToBeforeAll {}
extension Step: StepOpenToAroundEach where Phase: OpenToAroundEach {}
extension Step: StepOpenToBeforeEach where Phase: OpenToBeforeEach {}
extension Step: StepOpenToExamples where Phase: OpenToExamples {}
extension Step: StepOpenToAfterEach where Phase: OpenToAfterEach {}
