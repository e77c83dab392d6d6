/// What a run's plan (``RunPlan``) decides for one element of the tree, and
/// which control decided it.
package enum PlanDecision: Sendable, Hashable, CustomStringConvertible {
    /// The element runs: an example, or a group with at least one example that runs.
    case run
    /// The element does not run, and each example in it is reported as
    /// skipped, with the cause as its reason, where it stands in the tree.
    case skipped(SkipCause)
    /// The element is not part of the run: each example in it is counted
    /// (``SpecReport/filteredOutCount``), not reported.
    case leftOut(LeftOutCause)

    /// Why focus or exclusion keeps an element from running.
    package enum SkipCause: Sendable, Hashable, CustomStringConvertible {
        /// It, or a group it is in, is excluded (`xIt`, `.excluded`).
        case excluded
        /// Something else in its group, or in a group it is in, is focused.
        case notFocused
        /// A group with nothing in it that runs: empty, or all of its
        /// elements skipped for their own causes.
        case nothingToRun

        /// The reason the reports give: `excluded`.
        package var description: String {
            switch self {
            case .excluded: "excluded"
            case .notFocused: "not focused"
            case .nothingToRun: "nothing in it runs"
            }
        }
    }

    /// Which control of the run (``RunControls``) did not select an element.
    /// For an example, the first of them in this order that does not select it.
    package enum LeftOutCause: Sendable, Hashable, CustomStringConvertible {
        /// The run is of one other example (`Spec.Example`, an argument of a parameterized test).
        case example
        /// Another shard runs it (`RUNDOWN_SHARD`).
        case shard
        /// Its labels do not match the expression (`RUNDOWN_LABELS`).
        case labels
        /// The file of paths does not list it (`RUNDOWN_FILTER=@file`).
        case pathList
        /// Its path contains none of the patterns (`RUNDOWN_FILTER`).
        case filter
        /// A group none of whose examples is selected.
        case nothingSelected

        /// `shard`.
        package var description: String {
            switch self {
            case .example: "another example's run"
            case .shard: "shard"
            case .labels: "labels"
            case .pathList: "path list"
            case .filter: "filter"
            case .nothingSelected: "nothing in it selected"
            }
        }
    }

    /// `run`, `skipped (not focused)`, `left out (shard)`.
    package var description: String {
        switch self {
        case .run: "run"
        case .skipped(let cause): "skipped (\(cause))"
        case .leftOut(let cause): "left out (\(cause))"
        }
    }
}
