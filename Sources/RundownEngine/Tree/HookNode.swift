/// A hook in the spec tree: a closure its group runs before, around or after
/// its elements.
public struct HookNode<Mode: ExecutionMode> {
    /// What a hook runs. Only `aroundEach` receives the body it wraps.
    public enum Body {
        case plain(Mode.Body)
        case around(Mode.Around)
    }

    /// The kind of hook.
    public var kind: HookKind
    /// The name given in the spec (`beforeEach("reset db") { … }`), if any.
    public var name: String?
    /// Where the hook was declared.
    public var location: CodeLocation
    /// Whether the hook was excluded; an excluded hook never runs.
    public var isExcluded: Bool
    /// Whether an each-hook runs around every example at any depth below its
    /// group (the `.everyExample` trait), instead of once around each element.
    /// Ignored for `beforeAll` and `afterAll`.
    public var isEveryExample: Bool
    /// The closure.
    public var body: Body

    /// Creates a hook. The `body` must be `.around` exactly when `kind` is
    /// `.aroundEach`; a hook whose body does not fit fails with ``HookBodyMismatch``.
    public init(kind: HookKind, name: String?, location: CodeLocation, isExcluded: Bool = false, isEveryExample: Bool = false, body: Body) {
        self.kind = kind
        self.name = name
        self.location = location
        self.isExcluded = isExcluded
        self.isEveryExample = isEveryExample
        self.body = body
    }

    /// The step this hook adds to a path: its name if it has one, else its kind.
    public var pathComponent: String {
        name ?? kind.description
    }
}
