/// An example (`it`) in the spec tree.
///
/// Every example is a box of its own (see ``ElementNode``), so its size is
/// what building a spec allocates and frees per example. Most examples have
/// no trait: their marks and scopes, which are then empty, take no room, and
/// the box stays within the allocator's small sizes, whose frees are cheap.
package struct ExampleNode<Mode: ExecutionMode> {
    /// What the example does, as written after `it`.
    package var description: String
    /// Where the example was declared.
    package var location: CodeLocation
    /// The marks and scopes that are not empty; `nil` when neither is.
    private var traits: Traits?
    /// The example's body.
    package var body: Mode.Body

    /// What an example with traits has.
    private final class Traits {
        let marks: ElementMarks
        let scopes: [ElementScope]

        init(marks: ElementMarks, scopes: [ElementScope]) {
            self.marks = marks
            self.scopes = scopes
        }

        /// The traits, or `nil` when there are none.
        static func make(marks: ElementMarks, scopes: [ElementScope]) -> Traits? {
            marks == ElementMarks() && scopes.isEmpty ? nil : Traits(marks: marks, scopes: scopes)
        }
    }

    /// Focus and exclusion marks.
    package var marks: ElementMarks {
        get { traits?.marks ?? ElementMarks() }
        set { traits = Traits.make(marks: newValue, scopes: scopes) }
    }

    /// What wraps the example's whole run, outermost first.
    /// `.repeated(_:)` and `.retries(_:)`, read without making the marks:
    /// the walk reads them at every example, most of which have no traits.
    package var attemptMarks: (repetitions: Int?, retries: Int?) {
        guard let traits else { return (nil, nil) }
        return (traits.marks.repetitions, traits.marks.retries)
    }

    /// Whether the example has scopes, read without making the list.
    package var hasScopes: Bool { !(traits?.scopes.isEmpty ?? true) }

    package var scopes: [ElementScope] {
        get { traits?.scopes ?? [] }
        set { traits = Traits.make(marks: marks, scopes: newValue) }
    }

    /// Creates an example.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(
        description: String, marks: ElementMarks = ElementMarks(), location: CodeLocation, scopes: [ElementScope] = [],
        body: Mode.Body
    ) {
        self.description = description
        self.location = location
        traits = Traits.make(marks: marks, scopes: scopes)
        self.body = body
    }

    /// Creates an example without traits.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(description: String, location: CodeLocation, body: Mode.Body) {
        self.description = description
        self.location = location
        traits = nil
        self.body = body
    }
}
