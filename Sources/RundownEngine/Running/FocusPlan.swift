/// Decides what of a spec runs, given focus and exclusion marks.
///
/// At each level of the tree, excluded elements are removed first. If any
/// remaining element is focused, or contains a focused element, only those run.
/// A focused group runs all of its elements unless some of them are focused
/// themselves. Excluded hooks are removed, and a group left with no element to
/// run is removed too, so its hooks do not run.
struct FocusPlan<Mode: ExecutionMode> {
    /// The tree that will run, or `nil` when nothing in the spec will.
    let root: GroupNode<Mode>?
    /// The examples that will not run, with why.
    let leftOut: [(path: [String], location: CodeLocation, reason: String)]

    init(_ root: GroupNode<Mode>) {
        var leftOut: [(path: [String], location: CodeLocation, reason: String)] = []
        if root.marks.isExcluded {
            Self.collect(.group(root), under: [], reason: "excluded", into: &leftOut)
            self.root = nil
        } else {
            self.root = Self.filter(root, path: [root.description], leftOut: &leftOut)
        }
        self.leftOut = leftOut
    }

    private static func filter(
        _ group: GroupNode<Mode>,
        path: [String],
        leftOut: inout [(path: [String], location: CodeLocation, reason: String)]
    ) -> GroupNode<Mode>? {
        var candidates: [ElementNode<Mode>] = []
        for element in group.content.elements {
            if element.marks.isExcluded {
                collect(element, under: path, reason: "excluded", into: &leftOut)
            } else {
                candidates.append(element)
            }
        }
        let focused = candidates.filter(containsFocus)
        var kept: [ElementNode<Mode>] = []
        for element in candidates {
            if !focused.isEmpty && !containsFocus(element) {
                collect(element, under: path, reason: "not focused", into: &leftOut)
                continue
            }
            switch element {
            case .example:
                kept.append(element)
            case .group(let child):
                if let filtered = filter(child, path: path + [child.description], leftOut: &leftOut) {
                    kept.append(.group(filtered))
                }
            }
        }
        guard !kept.isEmpty else { return nil }
        var hooks: [HookKind: [HookNode<Mode>]] = [:]
        for kind in HookKind.allCases {
            hooks[kind] = group.content.hooks(kind).filter { !$0.isExcluded }
        }
        var result = group
        result.content = group.content.replacing(hooks: hooks, elements: kept)
        return result
    }

    /// Whether the element is focused or holds a focused element that is not excluded.
    private static func containsFocus(_ element: ElementNode<Mode>) -> Bool {
        if element.marks.isExcluded { return false }
        if element.marks.isFocused { return true }
        guard case .group(let group) = element else { return false }
        return group.content.elements.contains(where: containsFocus)
    }

    /// Every example in `element`, with its path.
    static func collect(
        _ element: ElementNode<Mode>,
        under path: [String],
        reason: String,
        into list: inout [(path: [String], location: CodeLocation, reason: String)]
    ) {
        switch element {
        case .example(let example):
            list.append((path + [example.description], example.location, reason))
        case .group(let group):
            for child in group.content.elements {
                collect(child, under: path + [group.description], reason: reason, into: &list)
            }
        }
    }
}
