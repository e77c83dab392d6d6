/// One element of a group: an example or a nested group.
package indirect enum ElementNode<Mode: ExecutionMode> {
    case example(ExampleNode<Mode>)
    case group(GroupNode<Mode>)

    /// The element's description, its step in a path.
    @inline(__always)
    package var description: String {
        switch self {
        case .example(let example): example.description
        case .group(let group): group.description
        }
    }

    /// The element's focus and exclusion marks.
    package var marks: ElementMarks {
        switch self {
        case .example(let example): example.marks
        case .group(let group): group.marks
        }
    }

    /// Where the element was declared.
    @inline(__always)
    package var location: CodeLocation {
        switch self {
        case .example(let example): example.location
        case .group(let group): group.location
        }
    }

    /// The element's `.repeated(_:)` and `.retries(_:)`, if it has them:
    /// read at every element, so only these two are taken out of its node
    /// (inlined where the walk is specialised, it copies no node).
    @inline(__always)
    package var attemptMarks: (repetitions: Int?, retries: Int?) {
        switch self {
        case .example(let example): example.attemptMarks
        case .group(let group): (group.marks.repetitions, group.marks.retries)
        }
    }

    /// An example's body; `nil` for a group. Inlined, like ``attemptMarks``,
    /// so that the walk takes the body without copying the example.
    @inline(__always)
    package var exampleBody: Mode.Body? {
        switch self {
        case .example(let example): example.body
        case .group: nil
        }
    }

    /// What wraps the element's whole run, outermost first.
    /// Whether the element has scopes (`.exclusive(…)` and the like), read
    /// without making the list of an example's.
    @inline(__always)
    package var hasScopes: Bool {
        switch self {
        case .example(let example): example.hasScopes
        case .group(let group): !group.scopes.isEmpty
        }
    }

    @inline(__always)
    package var scopes: [ElementScope] {
        switch self {
        case .example(let example): example.scopes
        case .group(let group): group.scopes
        }
    }
}
