/// An example (`it`) in the spec tree.
package struct ExampleNode<Mode: ExecutionMode> {
    /// What the example does, as written after `it`.
    package var description: String
    /// Focus and exclusion marks.
    package var marks: ElementMarks
    /// Where the example was declared.
    package var location: CodeLocation
    /// What wraps the example's whole run, outermost first.
    package var scopes: [ElementScope]
    /// The example's body.
    package var body: Mode.Body

    /// Creates an example.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(
        description: String, marks: ElementMarks = ElementMarks(), location: CodeLocation, scopes: [ElementScope] = [],
        body: Mode.Body
    ) {
        self.description = description
        self.marks = marks
        self.location = location
        self.scopes = scopes
        self.body = body
    }
}
