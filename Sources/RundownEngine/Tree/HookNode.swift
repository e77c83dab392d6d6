/// A hook in the spec tree: a closure its group runs before, around or after
/// its elements.
package struct HookNode<Mode: ExecutionMode> {
    /// What a hook runs. Only `aroundEach` receives the body it wraps.
    package enum Body {
        case plain(Mode.Body)
        case around(Mode.Around)
    }

    /// The kind of hook.
    package var kind: HookKind
    /// The name given in the spec (`beforeEach("reset db") { … }`), if any.
    package var name: String?
    /// Where the hook was declared.
    package var location: CodeLocation
    /// Whether the hook was excluded; an excluded hook never runs.
    package var isExcluded: Bool
    /// Whether an each-hook runs around every example at any depth below its
    /// group (the `.everyExample` trait), instead of once around each element.
    /// Ignored for `beforeAll` and `afterAll`.
    package var isEveryExample: Bool
    /// The closure.
    package var body: Body

    /// Creates a hook. The `body` must be `.around` exactly when `kind` is
    /// `.aroundEach`; a hook whose body does not fit fails with ``HookBodyMismatch``.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(
        kind: HookKind, name: String?, location: CodeLocation, isExcluded: Bool = false, isEveryExample: Bool = false,
        body: Body
    ) {
        self.kind = kind
        self.name = name
        self.location = location
        self.isExcluded = isExcluded
        self.isEveryExample = isEveryExample
        self.body = body
    }

    /// The step this hook adds to a path: its name if it has one, else its kind.
    package var pathComponent: String {
        name ?? kind.description
    }
}
