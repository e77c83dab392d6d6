/// The five kinds of hook a group can declare, in the order they must be declared.
public enum HookKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// `beforeAll`: runs once before the group's first element.
    case beforeAll
    /// `aroundEach`: wraps each element of the group, which its body runs exactly once.
    case aroundEach
    /// `beforeEach`: runs before each element of the group.
    case beforeEach
    /// `afterEach`: runs after each element of the group, even when the element failed.
    case afterEach
    /// `afterAll`: runs once after the group's last element.
    case afterAll

    /// The hook's name as written in a spec, such as `beforeEach`.
    public var description: String {
        switch self {
        case .beforeAll: "beforeAll"
        case .aroundEach: "aroundEach"
        case .beforeEach: "beforeEach"
        case .afterEach: "afterEach"
        case .afterAll: "afterAll"
        }
    }
}
