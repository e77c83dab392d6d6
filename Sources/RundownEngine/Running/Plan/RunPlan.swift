// What a run of a spec will do, decided before its first closure runs.
//
// Invariants.
// - Every element of the tree (example or group) has one decision
//   (PlanDecision): it runs, it is skipped (focus, exclusion: each of its
//   examples is reported as skipped, with the cause), or it is left out
//   (selection: the filter, the path list, the shard, the labels, the one
//   example of a `Spec.Example` run; each of its examples is counted, not
//   reported). An example is counted once, in exactly one of these.
// - A place of the filter (`Stack.swift:42`) selects by what was declared
//   where (PlaceTargets), decided on the whole spec even when the tree is
//   only one example's path (`knownDeclarations`): what it names is selected
//   whole, a group with all of its examples.
// - Selection comes first and sees no focus: an example it does not select
//   is never reported as skipped. Then, at each level, exclusion removes
//   elements (and hooks); if any remaining element is focused or holds a
//   focused element, only those run; a focused group runs everything in it
//   that is not excluded, unless something in it is focused itself.
// - A group runs only if an example in it runs, so the hooks of a group
//   with nothing to run never run.
// - `root` is the tree the walk runs: each group holds the elements that
//   run, in the order they run (the seed's, when there is one; hooks keep
//   theirs), and its `skippedInPlace` says where among them the examples it
//   dropped stand. A skipped example is reported just before the first
//   element that runs after it in declaration order, or at the end of its
//   group: in declaration order when nothing is shuffled.
// - When `root` is `nil` nothing runs, and `unplaced` holds the skipped
//   examples, in declaration order. When nothing is skipped either and
//   selection left something out, nothing was selected (`nothingSelected`):
//   the walk skips the spec as a whole.
// - A tree without any focus, exclusion, label or empty group, run with
//   controls that select all, is its own plan: nothing is copied, so the
//   usual run pays for no plan.

/// Decides, for every element of a spec, whether it runs, is skipped or is
/// left out, and in which order what runs runs, from the spec's focus,
/// exclusion and label marks and the run's ``RunControls``.
///
/// It is a value, made before anything runs; ``SpecWalk`` reads it.
package struct RunPlan<Mode: ExecutionMode> {
    /// The tree that will run, or `nil` when nothing in the spec will.
    package let root: GroupNode<Mode>?
    /// The skipped examples when ``root`` is `nil`, in declaration order.
    package let unplaced: [SkippedExample]
    /// How many examples selection left out.
    package let filteredOutCount: Int
    /// The focused elements, with their paths, when the controls forbid focus.
    package let forbiddenFocus: [FocusedElementLeftIn]
    /// The places of the filter that name nothing in the spec.
    package let placeMisses: [PlaceTargets.Miss]
    /// The labels no expression can name, with the paths of the elements that carry them.
    package let invalidLabels: [(path: [String], location: CodeLocation, label: String)]
    /// The spec as declared; its listing (PlanListing.swift) reads it.
    let declared: GroupNode<Mode>
    /// The decision for each element that does not simply run, by path.
    let decided: [[String]: PlanDecision]

    /// Whether the spec runs nothing because selection selected nothing in it:
    /// it is then skipped as a whole, so that a run that checked nothing does not pass.
    package var nothingSelected: Bool { root == nil && unplaced.isEmpty && filteredOutCount > 0 }

    /// The plan of a run of `root` with `controls`.
    package init(_ root: GroupNode<Mode>, controls: RunControls = .none) {
        declared = root
        if controls.forbidFocus, let known = controls.knownFocus {
            forbiddenFocus = known
        } else if controls.forbidFocus {
            forbiddenFocus = Self.focusedElements(root)
        } else {
            forbiddenFocus = []
        }
        var decided: [[String]: PlanDecision] = [:]
        var filteredOut = 0
        let rootPath = [root.description]
        let targets =
            controls.places.isEmpty
            ? nil
            : PlaceTargets(
                controls.places, among: controls.knownDeclarations ?? PlaceTargets.declarations(in: root))
        placeMisses = targets?.misses ?? []
        let selection = Selection(controls: controls, targets: targets)
        let selected =
            controls.selectsAll
            ? root
            : Self.select(
                root, path: rootPath, labels: Set(root.marks.labels), placed: targets?.names(root) ?? false,
                selection, filteredOut: &filteredOut, decided: &decided)
        filteredOutCount = filteredOut
        let isPlain = selected.map(Self.isPlain) ?? true
        var invalidLabels: [(path: [String], location: CodeLocation, label: String)] = []
        // A plain tree has no label at all; a filtered one may have them in what it left out.
        if !isPlain || !controls.selectsAll {
            Self.collectInvalidLabels(.group(root), under: [], into: &invalidLabels)
        }
        self.invalidLabels = invalidLabels
        var unplaced: [SkippedExample] = []
        if let selected, selected.marks.isExcluded {
            Self.skip(.group(selected), under: [], .excluded, decided: &decided, into: &unplaced)
            self.root = nil
        } else if let selected, isPlain {
            self.root = controls.seed.map { Self.shuffle(selected, path: rootPath, seed: $0) } ?? selected
        } else if let selected {
            let planned = Self.plan(selected, path: rootPath, seed: controls.seed, decided: &decided)
            self.root = planned.node
            unplaced = planned.unplaced
        } else {
            self.root = nil
        }
        if self.root == nil, decided[rootPath] == nil {
            decided[rootPath] = unplaced.isEmpty ? .leftOut(.nothingSelected) : .skipped(.nothingToRun)
        }
        self.unplaced = unplaced
        self.decided = decided
    }

    // MARK: Reading the plan

    /// What the plan decided for the element at `path` (from the root's
    /// description), or `nil` if the spec has no element there.
    package func decision(at path: [String]) -> PlanDecision? {
        if let decision = decided[path] { return decision }
        return Self.element(at: path, in: declared) == nil ? nil : .run
    }

    /// Every element of the spec, groups before what they hold, in
    /// declaration order, with what the plan decided for it.
    package var decisions: [(path: [String], decision: PlanDecision)] {
        var list: [(path: [String], decision: PlanDecision)] = []
        func visit(_ element: ElementNode<Mode>, under path: [String]) {
            let own = path + [element.description]
            list.append((own, decided[own] ?? .run))
            if case .group(let group) = element {
                for child in group.content.elements { visit(child, under: own) }
            }
        }
        visit(.group(declared), under: [])
        return list
    }

    private static func element(at path: [String], in root: GroupNode<Mode>) -> ElementNode<Mode>? {
        guard path.first == root.description else { return nil }
        var element = ElementNode<Mode>.group(root)
        for step in path.dropFirst() {
            guard case .group(let group) = element,
                let child = group.content.elements.first(where: { $0.description == step })
            else { return nil }
            element = child
        }
        return element
    }

    // MARK: Selection

    /// The controls, and what their places name in this spec.
    private struct Selection {
        let controls: RunControls
        let targets: PlaceTargets?
    }

    /// The group with only the examples `selection` selects, or `nil` if it
    /// has none; `labels` are those of the group and the groups above it, and
    /// `placed` says whether a place names the group or one above it.
    private static func select(
        _ group: GroupNode<Mode>, path: [String], labels: Set<String>, placed: Bool, _ selection: Selection,
        filteredOut: inout Int, decided: inout [[String]: PlanDecision]
    ) -> GroupNode<Mode>? {
        var kept: [ElementNode<Mode>] = []
        for element in group.content.elements {
            let own = path + [element.description]
            switch element {
            case .example(let example):
                let placed = placed || selection.targets?.names(example.location) == true
                if let cause = selection.controls.leftOutCause(
                    own, labels: labels.union(example.marks.labels), placed: placed)
                {
                    filteredOut += 1
                    decided[own] = .leftOut(cause)
                } else {
                    kept.append(element)
                }
            case .group(let child):
                if let selected = select(
                    child, path: own, labels: labels.union(child.marks.labels),
                    placed: placed || selection.targets?.names(child) == true, selection,
                    filteredOut: &filteredOut, decided: &decided)
                {
                    kept.append(.group(selected))
                }
            }
        }
        guard !kept.isEmpty else {
            decided[path] = group.content.elements.isEmpty ? .skipped(.nothingToRun) : .leftOut(.nothingSelected)
            return nil
        }
        var result = group
        result.content = group.content.replacing(hooks: group.content.hooks, elements: kept)
        return result
    }

    // MARK: Focus, exclusion and order

    /// The group with what runs of it, in the order it runs, and where its
    /// skipped examples stand; or, when nothing in it runs, `nil` and its
    /// skipped examples.
    private static func plan(
        _ group: GroupNode<Mode>, path: [String], seed: UInt64?, decided: inout [[String]: PlanDecision]
    ) -> (node: GroupNode<Mode>?, unplaced: [SkippedExample]) {
        let elements = group.content.elements
        let focusInside = elements.contains(where: containsFocus)
        var kept: [(declared: Int, element: ElementNode<Mode>)] = []
        var skipped: [(declared: Int, examples: [SkippedExample])] = []
        for (index, element) in elements.enumerated() {
            var examples: [SkippedExample] = []
            if element.marks.isExcluded {
                skip(element, under: path, .excluded, decided: &decided, into: &examples)
            } else if focusInside && !containsFocus(element) {
                skip(element, under: path, .notFocused, decided: &decided, into: &examples)
            } else {
                switch element {
                case .example:
                    kept.append((index, element))
                case .group(let child):
                    let planned = plan(child, path: path + [child.description], seed: seed, decided: &decided)
                    if let node = planned.node {
                        kept.append((index, .group(node)))
                    } else {
                        examples = planned.unplaced
                    }
                }
            }
            if !examples.isEmpty { skipped.append((index, examples)) }
        }
        guard !kept.isEmpty else {
            if decided[path] == nil { decided[path] = .skipped(.nothingToRun) }
            return (nil, skipped.flatMap(\.examples))
        }
        let order = seed.map { SeededOrder.shuffled(kept, seed: $0, path: path) } ?? kept
        var hooks: [HookKind: [HookNode<Mode>]] = [:]
        for kind in HookKind.allCases {
            hooks[kind] = group.content.hooks(kind).filter { !$0.isExcluded }
        }
        var result = group
        result.content = group.content.replacing(hooks: hooks, elements: order.map(\.element))
        if !skipped.isEmpty {
            var before = [[SkippedExample]](repeating: [], count: order.count + 1)
            for entry in skipped {
                let place = order.firstIndex(where: { $0.declared > entry.declared }) ?? order.count
                before[place] += entry.examples
            }
            result.skippedInPlace = SkippedInPlace(before: before)
        }
        return (result, [])
    }

    /// Decides `element`, and everything in it, skipped for `cause`, and
    /// lists its examples in declaration order.
    private static func skip(
        _ element: ElementNode<Mode>, under path: [String], _ cause: PlanDecision.SkipCause,
        decided: inout [[String]: PlanDecision], into examples: inout [SkippedExample]
    ) {
        let own = path + [element.description]
        decided[own] = .skipped(cause)
        switch element {
        case .example(let example):
            examples.append(SkippedExample(path: own, location: example.location, cause: cause))
        case .group(let group):
            for child in group.content.elements {
                skip(child, under: own, cause, decided: &decided, into: &examples)
            }
        }
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

    /// Whether `plan` would return the group as it is and no label needs
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

    /// Whether the element is focused or holds a focused element that is not excluded.
    private static func containsFocus(_ element: ElementNode<Mode>) -> Bool {
        if element.marks.isExcluded { return false }
        if element.marks.isFocused { return true }
        guard case .group(let group) = element else { return false }
        return group.content.elements.contains(where: containsFocus)
    }

    // MARK: Marks checked before the run

    /// Every element marked focused in the tree of `root`, with its path, in
    /// declaration order: what a run that forbids focus reports.
    static func focusedElements(_ root: GroupNode<Mode>) -> [FocusedElementLeftIn] {
        var found: [FocusedElementLeftIn] = []
        func visit(_ element: ElementNode<Mode>, under path: [String]) {
            let own = path + [element.description]
            if element.marks.isFocused { found.append(FocusedElementLeftIn(path: own, location: element.location)) }
            if case .group(let group) = element {
                for child in group.content.elements { visit(child, under: own) }
            }
        }
        visit(.group(root), under: [])
        return found
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
}

extension GroupNode {
    /// Every element marked focused in this tree, with its path, in
    /// declaration order: what a run of it that forbids focus reports.
    package var focusedElements: [FocusedElementLeftIn] {
        RunPlan<Mode>.focusedElements(self)
    }
}
