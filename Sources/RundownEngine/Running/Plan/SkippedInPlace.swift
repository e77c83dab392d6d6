/// The examples a plan skips that stand among the elements of one group that
/// runs, each at the place where the walk reports it.
///
/// A planned group (``RunPlan/root`` and the groups in it) keeps only the
/// elements that run, in the order they run. The examples of the elements it
/// dropped for focus or exclusion are kept here, by the position of the
/// element that runs right after them: `before[i]` are reported just before
/// the `i`-th element that runs, and `before[count]` once the last has run,
/// before the group's `afterAll` hooks.
package struct SkippedInPlace: Sendable {
    /// The skipped examples before each element that runs, and after the last.
    package let before: [[SkippedExample]]
}

/// An example that focus or exclusion keeps from running: reported as
/// skipped, with its cause as the reason.
package struct SkippedExample: Sendable, Hashable {
    /// The example's path, from the spec's root.
    package let path: [String]
    /// Where it was declared.
    package let location: CodeLocation
    /// Why it does not run.
    package let cause: PlanDecision.SkipCause

    /// The reason the reports give.
    package var reason: String { cause.description }
}

extension GroupNode {
    /// Every example in this planned group, in the order the walk reaches
    /// them: those that would run (`nil`) and, in their places, those the
    /// plan skips. For a group the walk leaves out as a whole (a `beforeAll`
    /// failed or skipped, or the group's element never ran its body).
    func plannedExamples(under path: [String], _ each: (_ path: [String], _ skipped: SkippedExample?) -> Void) {
        let skips = skippedInPlace?.before
        for (index, element) in content.elements.enumerated() {
            for skipped in skips?[index] ?? [] { each(skipped.path, skipped) }
            let own = path + [element.description]
            switch element {
            case .example: each(own, nil)
            case .group(let child): child.plannedExamples(under: own, each)
            }
        }
        for skipped in skips?.last ?? [] { each(skipped.path, skipped) }
    }
}
