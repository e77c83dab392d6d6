extension SpecWalk {
    /// A frame of the walk's stack: a group, with its `beforeAll` and
    /// `afterAll` hooks and its elements, or one element of a group, with its
    /// scopes and each-hooks (see the account at the top of SpecWalk.swift).
    enum Frame {
        case group(GroupFrame)
        case element(ElementFrame)
    }
}
