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
    /// How many times each example must pass in a row (`.repeated(_:)`), if
    /// the element says; an example takes it from its innermost group that does.
    package var repetitions: Int?
    /// How many more attempts a failing example gets (`.retries(_:)`), if the
    /// element says; an example takes it from its innermost group that does.
    package var retries: Int?

    /// Creates marks.
    package init(
        isFocused: Bool = false, isExcluded: Bool = false, labels: [String] = [], isConcurrent: Bool = false,
        repetitions: Int? = nil, retries: Int? = nil
    ) {
        self.isFocused = isFocused
        self.isExcluded = isExcluded
        self.labels = labels
        self.isConcurrent = isConcurrent
        self.repetitions = repetitions
        self.retries = retries
    }
}
