/// Decides what of a spec runs, given its run controls and its focus and
/// exclusion marks, and in which order.
///
/// First the controls' filter and shard select examples (see ``RunControls``):
/// an example they do not select is counted and removed, and so is a group
/// left with no selected example, hooks and all. Then focus and exclusion:
///
/// At each level of the tree, excluded elements are removed first. If any
/// remaining element is focused, or contains a focused element, only those run.
/// A focused group runs all of its elements unless some of them are focused
/// themselves. Excluded hooks are removed, and a group left with no element to
/// run is removed too, so its hooks do not run. Last, a seeded run shuffles
/// the elements of every group that runs (``SeededOrder``); hooks keep their order.
struct FocusPlan<Mode: ExecutionMode> {
    /// The tree that will run, or `nil` when nothing in the spec will.
    let root: GroupNode<Mode>?
    /// The examples that will not run, with why.
    let leftOut: [(path: [String], location: CodeLocation, reason: String)]
    /// How many examples the filter or the shard did not select.
    let filteredOutCount: Int
    /// The focused elements, with their paths, when the controls forbid focus.
    let forbiddenFocus: [(path: [String], location: CodeLocation)]
    /// The labels no expression can name, with the paths of the elements that carry them.
    let invalidLabels: [(path: [String], location: CodeLocation, label: String)]

    init(_ root: GroupNode<Mode>, controls: RunControls = .none) {
        var forbiddenFocus: [(path: [String], location: CodeLocation)] = []
        if controls.forbidFocus, let known = controls.knownFocus {
            forbiddenFocus = known.map { ($0.path, $0.location) }
        } else if controls.forbidFocus {
            Self.collectFocus(.group(root), under: [], into: &forbiddenFocus)
        }
        self.forbiddenFocus = forbiddenFocus
        var filteredOut = 0
        let selected =
            controls.selectsAll
            ? root
            : Self.select(
                root, path: [root.description], labels: Set(root.marks.labels), controls: controls,
                filteredOut: &filteredOut)
        filteredOutCount = filteredOut
        var leftOut: [(path: [String], location: CodeLocation, reason: String)] = []
        var invalidLabels: [(path: [String], location: CodeLocation, label: String)] = []
        let isPlain = selected.map(Self.isPlain) ?? true
        // A plain tree has no label at all; a filtered one may have them in what it left out.
        if !isPlain || !controls.selectsAll {
            Self.collectInvalidLabels(.group(root), under: [], into: &invalidLabels)
        }
        self.invalidLabels = invalidLabels
        if let selected, selected.marks.isExcluded {
            Self.collect(.group(selected), under: [], reason: "excluded", into: &leftOut)
            self.root = nil
        } else if let selected {
            let planned =
                isPlain
                ? selected : Self.filter(selected, path: [selected.description], leftOut: &leftOut)
            if let seed = controls.seed, let planned {
                self.root = Self.shuffle(planned, path: [planned.description], seed: seed)
            } else {
                self.root = planned
            }
        } else {
            self.root = nil
        }
        self.leftOut = leftOut
    }

    /// The group with only the examples `controls` select, or `nil` if it has
    /// none; `labels` are those of the group and the groups above it.
    private static func select(
        _ group: GroupNode<Mode>, path: [String], labels: Set<String>, controls: RunControls, filteredOut: inout Int
    ) -> GroupNode<Mode>? {
        var kept: [ElementNode<Mode>] = []
        for element in group.content.elements {
            switch element {
            case .example(let example):
                if controls.selects(path + [example.description], labels: labels.union(example.marks.labels)) {
                    kept.append(element)
                } else {
                    filteredOut += 1
                }
            case .group(let child):
                if let selected = select(
                    child, path: path + [child.description], labels: labels.union(child.marks.labels),
                    controls: controls, filteredOut: &filteredOut)
                {
                    kept.append(.group(selected))
                }
            }
        }
        guard !kept.isEmpty else { return nil }
        var result = group
        result.content = group.content.replacing(hooks: group.content.hooks, elements: kept)
        return result
    }

    /// The group with its elements, and theirs, in the seed's order.
    private static func shuffle(_ group: GroupNode<Mode>, path: [String], seed: UInt64) -> GroupNode<Mode> {
        let elements = SeededOrder.shuffled(group.content.elements, seed: seed, path: path).map {
            element -> ElementNode<Mode> in
            guard case .group(let child) = element else { return element }
            return .group(shuffle(child, path: path + [child.description], seed: seed))
        }
        var result = group
        result.content = group.content.replacing(hooks: group.content.hooks, elements: elements)
        return result
    }

    /// Every element marked focused in the tree of `root`, with its path, in
    /// declaration order: what a run that forbids focus reports.
    static func focusedElements(_ root: GroupNode<Mode>) -> [FocusedElementLeftIn] {
        var found: [(path: [String], location: CodeLocation)] = []
        collectFocus(.group(root), under: [], into: &found)
        return found.map { FocusedElementLeftIn(path: $0.path, location: $0.location) }
    }

    /// Every element marked focused in `element`, with its path.
    private static func collectFocus(
        _ element: ElementNode<Mode>, under path: [String], into list: inout [(path: [String], location: CodeLocation)]
    ) {
        let own = path + [element.description]
        if element.marks.isFocused {
            list.append((own, element.location))
        }
        if case .group(let group) = element {
            for child in group.content.elements {
                collectFocus(child, under: own, into: &list)
            }
        }
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

    /// Whether `filter` would return the group as it is and no label needs
    /// checking: no element in it is focused, excluded or labelled, no hook
    /// is excluded, and no group is empty. Most trees are, and checking costs
    /// far less than rebuilding them.
    private static func isPlain(_ group: GroupNode<Mode>) -> Bool {
        let content = group.content
        guard !content.elements.isEmpty, group.marks.labels.isEmpty else { return false }
        for kind in HookKind.allCases where content.hooks(kind).contains(where: \.isExcluded) {
            return false
        }
        for element in content.elements {
            switch element {
            case .example(let example):
                if example.marks.isFocused || example.marks.isExcluded || !example.marks.labels.isEmpty {
                    return false
                }
            case .group(let child):
                if child.marks.isFocused || child.marks.isExcluded || !isPlain(child) { return false }
            }
        }
        return true
    }

    /// Every label in `element` that no expression can name, with the path
    /// of the element that carries it.
    private static func collectInvalidLabels(
        _ element: ElementNode<Mode>, under path: [String],
        into list: inout [(path: [String], location: CodeLocation, label: String)]
    ) {
        let own = path + [element.description]
        for label in element.marks.labels where !LabelExpression.isValidName(label) {
            list.append((own, element.location, label))
        }
        if case .group(let group) = element {
            for child in group.content.elements {
                collectInvalidLabels(child, under: own, into: &list)
            }
        }
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

extension GroupNode {
    /// Every element marked focused in this tree, with its path, in
    /// declaration order: what a run of it that forbids focus reports.
    package var focusedElements: [FocusedElementLeftIn] {
        FocusPlan<Mode>.focusedElements(self)
    }
}
