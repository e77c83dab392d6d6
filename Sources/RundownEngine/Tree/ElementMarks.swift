/// Whether an element was marked to be focused or excluded while developing.
///
/// The DSL turns traits such as `.focused` into these marks; the engine uses
/// them to decide what runs (see ``FocusPlan``).
package struct ElementMarks: Sendable, Hashable {
    /// Only focused elements (and the hooks of their groups) run.
    package var isFocused: Bool
    /// Excluded elements never run; exclusion wins over focus.
    package var isExcluded: Bool

    /// Creates marks.
    package init(isFocused: Bool = false, isExcluded: Bool = false) {
        self.isFocused = isFocused
        self.isExcluded = isExcluded
    }
}
