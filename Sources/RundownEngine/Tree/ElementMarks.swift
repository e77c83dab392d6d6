/// Whether an element was marked to be focused or excluded while developing,
/// and the labels it carries.
///
/// The DSL turns traits such as `.focused` and `.labels("db")` into these
/// marks; the engine uses them to decide what runs (see ``RunPlan``).
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
    package var repetitions: Int? {
        get { Self.unpack(packedRepetitions) }
        set { packedRepetitions = Self.pack(newValue) }
    }
    /// How many more attempts a failing example gets (`.retries(_:)`), if the
    /// element says; an example takes it from its innermost group that does.
    package var retries: Int? {
        get { Self.unpack(packedRetries) }
        set { packedRetries = Self.pack(newValue) }
    }
    // The two above in one word, `Int32.min` for none: every node carries
    // marks and is copied while a spec is built, and two optional `Int`s
    // would make every copy of every node larger, for a trait few use.
    private var packedRepetitions = Int32.min
    private var packedRetries = Int32.min

    private static func pack(_ value: Int?) -> Int32 {
        guard let value else { return .min }
        return max(Int32.min + 1, Int32(clamping: value))
    }

    private static func unpack(_ value: Int32) -> Int? {
        value == .min ? nil : Int(value)
    }

    /// Creates marks.
    package init(
        isFocused: Bool = false, isExcluded: Bool = false, labels: [String] = [], isConcurrent: Bool = false,
        repetitions: Int? = nil, retries: Int? = nil
    ) {
        self.isFocused = isFocused
        self.isExcluded = isExcluded
        self.labels = labels
        self.isConcurrent = isConcurrent
        packedRepetitions = Self.pack(repetitions)
        packedRetries = Self.pack(retries)
    }
}
