/// An example (`it`) in the spec tree.
public struct ExampleNode<Mode: ExecutionMode> {
    /// What the example does, as written after `it`.
    public var description: String
    /// Focus and exclusion marks.
    public var marks: ElementMarks
    /// Where the example was declared.
    public var location: CodeLocation
    /// What wraps the example's whole run, outermost first.
    public var scopes: [ElementScope]
    /// The example's body.
    public var body: Mode.Body

    /// Creates an example.
    public init(description: String, marks: ElementMarks = ElementMarks(), location: CodeLocation, scopes: [ElementScope] = [], body: Mode.Body) {
        self.description = description
        self.marks = marks
        self.location = location
        self.scopes = scopes
        self.body = body
    }
}
