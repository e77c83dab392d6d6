/// One element of a spec as a dry run lists it (`RUNDOWN_LIST`): what the
/// plan decided for it, where it is, and the labels selection sees.
package struct ListedElement: Sendable, Hashable {
    /// Whether the element is a group (the spec's root is one) or an example.
    package enum Kind: String, Sendable, Hashable {
        case group, example
    }

    package let kind: Kind
    /// The path from the spec's root, the root's description first.
    package let path: [String]
    /// Where the element was declared.
    package let location: CodeLocation
    /// Its labels and those of its groups, outermost first, each once: the
    /// labels `RUNDOWN_LABELS` matches.
    package let labels: [String]
    /// What the plan decided.
    package let decision: PlanDecision
    /// For an example that runs, how many times it repeats, if more than
    /// once could be asked (a setting or a trait); otherwise `nil`.
    package let repetitions: RepeatSetting?
    /// For an example that runs, how many more attempts a failure gets, if
    /// a setting or a trait says; otherwise `nil`.
    package let retries: Int?
}

extension RunPlan {
    /// Every group and example of the spec, each once, in the order a run
    /// with `controls` reaches it: what runs in the run's order (the seed's,
    /// when there is one), and each element that does not run (skipped or
    /// left out) just before the first element that runs after it in
    /// declaration order, or at the end of its group, as the walk reports
    /// skipped examples (``SkippedInPlace``); what is inside an element that
    /// does not run, in declaration order. Hooks are not listed.
    ///
    /// It is read from the plan, not decided again: the decisions, and the
    /// order of what runs, are those the walk of the same plan follows.
    /// `controls` are those the plan was made with; the listing reads only
    /// their repetitions and retries.
    package func listing(controls: RunControls = .none) -> [ListedElement] {
        var listing = Listing<Mode>(decided: decided)
        let path = [declared.description]
        listing.group(
            declared, planned: root, path: path, decision: decided[path] ?? .run, inherited: [],
            attempts: AttemptPlan(controls))
        return listing.elements
    }
}

/// The walk of a declared tree beside its planned one that makes a listing.
private struct Listing<Mode: ExecutionMode> {
    let decided: [[String]: PlanDecision]
    var elements: [ListedElement] = []

    /// What tells the elements of a group apart where the plan copied them:
    /// a planned element keeps its declared description and location.
    private struct Key: Hashable {
        let description: String
        let location: CodeLocation
    }

    mutating func group(
        _ group: GroupNode<Mode>, planned: GroupNode<Mode>?, path: [String], decision: PlanDecision,
        inherited: [String], attempts: AttemptPlan?
    ) {
        let labels = inherited + group.marks.labels.filter { !inherited.contains($0) }
        let attempts = AttemptPlan.merging(attempts, (group.marks.repetitions, group.marks.retries))
        elements.append(
            ListedElement(
                kind: .group, path: path, location: group.location, labels: labels, decision: decision,
                repetitions: nil, retries: nil))
        for (child, plannedChild) in ordered(group, planned: planned) {
            let own = path + [child.description]
            // In the planned tree it runs, whatever an element of the same path was decided; out of it, its
            // decision is recorded, or it is inside an element that does not run, and shares its decision.
            let childDecision: PlanDecision =
                plannedChild != nil ? .run : decided[own] ?? (decision == .run ? .skipped(.nothingToRun) : decision)
            switch child {
            case .example(let example):
                let own = labels + example.marks.labels.filter { !labels.contains($0) }
                let plan = childDecision == .run ? AttemptPlan.merging(attempts, example.attemptMarks) : nil
                elements.append(
                    ListedElement(
                        kind: .example, path: path + [example.description], location: example.location, labels: own,
                        decision: childDecision, repetitions: plan?.repetitions, retries: plan?.retries))
            case .group(let childGroup):
                let plannedGroup: GroupNode<Mode>?
                if case .group(let node) = plannedChild { plannedGroup = node } else { plannedGroup = nil }
                self.group(
                    childGroup, planned: plannedGroup, path: own, decision: childDecision, inherited: labels,
                    attempts: attempts)
            }
        }
    }

    /// The declared elements of `group`, each with its planned form if it
    /// runs, in the order the listing gives them (see ``RunPlan/listing(controls:)``).
    private func ordered(
        _ group: GroupNode<Mode>, planned: GroupNode<Mode>?
    ) -> [(ElementNode<Mode>, ElementNode<Mode>?)] {
        let declared = group.content.elements
        guard let planned else { return declared.map { ($0, nil) } }
        var unmatched: [Key: [Int]] = [:]
        for (index, element) in declared.enumerated() {
            unmatched[Key(description: element.description, location: element.location), default: []].append(index)
        }
        var running: [(declared: Int, element: ElementNode<Mode>)] = []
        for element in planned.content.elements {
            let key = Key(description: element.description, location: element.location)
            // Two elements declared alike (a loop's) are told apart by their order, which the seed may change:
            // either way each is listed once, and the same as the other.
            if let index = unmatched[key]?.first {
                unmatched[key]?.removeFirst()
                running.append((index, element))
            } else {
                running.append((declared.count, element))
            }
        }
        let runs = Set(running.map(\.declared))
        var before = [[Int]](repeating: [], count: running.count + 1)
        for index in declared.indices where !runs.contains(index) {
            before[running.firstIndex(where: { $0.declared > index }) ?? running.count].append(index)
        }
        var result: [(ElementNode<Mode>, ElementNode<Mode>?)] = []
        for (place, entry) in running.enumerated() {
            result += before[place].map { (declared[$0], nil) }
            result.append((entry.declared < declared.count ? declared[entry.declared] : entry.element, entry.element))
        }
        result += before[running.count].map { (declared[$0], nil) }
        return result
    }
}
