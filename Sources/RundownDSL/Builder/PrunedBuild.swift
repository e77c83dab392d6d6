import RundownEngine

/// Building only what lies on the path of one example, for a run of that
/// example alone (a `Spec.Example`).
///
/// While a spec's definition is called with ``current`` set, a group whose
/// description is not the next step of the path does not call its content
/// closure and adds nothing, nor does an example that is not the one at the
/// path's end; the groups on the path are built as usual, their hooks
/// included. Of several examples that share the path, only the one whose
/// occurrence (counted in declaration order, as the spec lists its examples)
/// is asked for is kept, so each runs alone. What is left is what the run would have selected from the whole
/// tree, so the run does the same; building it costs what the path costs,
/// not what the whole spec costs.
///
/// Bound as a task-local around the build it prunes: a build never suspends
/// (see ThreadBinding.swift), so what the build calls sees it, and nothing
/// else does.
package final class PrunedBuild: Sendable {
    /// The path of the example to build: the root group's description first.
    let path: [String]
    /// The index in ``path`` of the elements being declared now.
    let depth: Int
    /// Which of the examples with this path to keep: 1 for the first declared.
    let occurrence: Int
    /// How many examples with this path the build has met so far, shared by
    /// every depth of one build (twin groups on the path each hold some).
    private let met: Protected<Int>

    /// The build of the `occurrence`-th example at `path` (1 for the first),
    /// starting with the root group's content.
    package init(path: [String], occurrence: Int = 1) {
        self.path = path
        depth = 1
        self.occurrence = occurrence
        met = Protected(0)
    }

    private init(deeperThan outer: PrunedBuild) {
        path = outer.path
        depth = outer.depth + 1
        occurrence = outer.occurrence
        met = outer.met
    }

    /// The pruned build in progress in this task, if any.
    @TaskLocal package static var current: PrunedBuild?

    /// What becomes of a group declared now.
    enum GroupDecision {
        /// It is not on the path: nothing is built.
        case omit
        /// It is on the path: its content is built, pruned one step deeper.
        case descend(PrunedBuild)
        /// Its path is the example's own: a group that shares the path is
        /// built whole, so that it stays what it is in the whole tree (a group,
        /// or the failing example that stands for an empty one).
        case whole
    }

    func decide(group description: String) -> GroupDecision {
        guard depth < path.count, path[depth] == description else { return .omit }
        return depth == path.count - 1 ? .whole : .descend(PrunedBuild(deeperThan: self))
    }

    /// Whether an example declared now is the one at the path's end, and
    /// the occurrence of it asked for.
    func keeps(example description: String) -> Bool {
        depth == path.count - 1 && path[depth] == description && isAskedOccurrence()
    }

    /// Counts one more element with the path that lists as an example (an
    /// example, or a group at the path's end that was built as one), and
    /// says whether it is the occurrence to keep.
    func isAskedOccurrence() -> Bool {
        met.withLock { met in
            met += 1
            return met == occurrence
        }
    }
}
