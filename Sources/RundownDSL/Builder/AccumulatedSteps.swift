import RundownEngine

// What the builder accumulated, seen through the rule the next element needs
// (`StepOpenToBeforeAll`, …), is generated with the rules themselves:
// DSL.generated.swift. This is the one view that needs no rule.

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
