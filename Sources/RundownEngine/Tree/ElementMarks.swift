/// Whether an element was marked to be focused or excluded while developing,
/// and the labels it carries.
///
/// The DSL turns traits such as `.focused` and `.labels("db")` into these
/// marks; the engine uses them to decide what runs (see ``FocusPlan``).
package struct ElementMarks: Sendable, Hashable {
    /// Only focused elements (and the hooks of their groups) run.
    package var isFocused: Bool
    /// Excluded elements never run; exclusion wins over focus.
    package var isExcluded: Bool
    /// The element's own labels; an example also has those of its groups.
    package var labels: [String]
    /// A group's elements run concurrently, each with its own each-hooks.
    package var isConcurrent: Bool

    /// Creates marks.
    package init(isFocused: Bool = false, isExcluded: Bool = false, labels: [String] = [], isConcurrent: Bool = false) {
        self.isFocused = isFocused
        self.isExcluded = isExcluded
        self.labels = labels
        self.isConcurrent = isConcurrent
    }
}
