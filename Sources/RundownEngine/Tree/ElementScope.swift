/// Code that wraps the whole run of one element, for as long as it runs: an
/// example with its `each` hooks, or a group with all of its hooks and elements.
///
/// Traits such as `.exclusive(.hostWindow)` become scopes. A scope wraps its
/// element outside the `aroundEach` hooks of the element's group, and it needs
/// an asynchronous spec: a synchronous one cannot wait for it, so there the
/// element fails with `ElementScopeNeedsAsynchronousSpec` instead of running.
public struct ElementScope: Sendable {
    /// How the scope appears in paths and failures.
    public var name: String
    /// Runs `body` (the element) inside the scope. It must call `body` exactly once.
    public var around: @Sendable (_ body: () async throws -> Void) async throws -> Void

    /// Creates a scope.
    public init(name: String, around: @escaping @Sendable (_ body: () async throws -> Void) async throws -> Void) {
        self.name = name
        self.around = around
    }
}
