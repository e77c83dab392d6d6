/// The five kinds of hook a group can declare, in the order they must be declared.
public enum HookKind: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case beforeAll
    case aroundEach
    case beforeEach
    case afterEach
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
