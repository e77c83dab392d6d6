/// A group (`describe`, `context`, or the root group a spec makes) in the spec tree.
package struct GroupNode<Mode: ExecutionMode> {
    /// The group's description, one step of every path inside it.
    package var description: String
    /// Focus and exclusion marks.
    package var marks: ElementMarks
    /// Where the group was declared.
    package var location: CodeLocation
    /// What wraps the group's whole run, outermost first.
    package var scopes: [ElementScope]
    /// The group's hooks and elements.
    package var content: GroupContent<Mode>
    /// Failures found while the spec was built (a fresh value read there),
    /// which a run of this group as the root records first.
    package var buildFailures: [SpecFailure] = []
    /// In a tree a ``RunPlan`` made, the examples skipped among this group's
    /// elements, where they stand; `nil` when there are none, and in a tree as built.
    package var skippedInPlace: SkippedInPlace?

    /// Creates a group.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(
        description: String, marks: ElementMarks = ElementMarks(), location: CodeLocation, scopes: [ElementScope] = [],
        content: GroupContent<Mode>
    ) {
        self.description = description
        self.marks = marks
        self.location = location
        self.scopes = scopes
        self.content = content.settled
    }
}
