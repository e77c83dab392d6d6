import RundownEngine

/// A trait of an example or group, written after its description:
/// `it("parses", .focused)`, `describe("legacy", .excluded)`.
///
/// Both traits are for use while developing. Within one spec, excluded
/// elements never run; if any element is focused, only focused elements (and
/// the hooks of the groups they are in) run. Exclusion wins over focus.
public struct ExampleTrait: Sendable, Hashable {
    private var focus: Bool
    private var exclusion: Bool

    /// Runs only this element and other focused ones. The shortcuts `fIt`,
    /// `fDescribe` and `fContext` add it.
    public static let focused = ExampleTrait(focus: true, exclusion: false)
    /// Leaves this element out. The shortcuts `xIt`, `xDescribe` and
    /// `xContext` add it.
    public static let excluded = ExampleTrait(focus: false, exclusion: true)

    static func marks(_ traits: [ExampleTrait]) -> ElementMarks {
        ElementMarks(isFocused: traits.contains { $0.focus }, isExcluded: traits.contains { $0.exclusion })
    }
}

/// A trait of a hook, written after its name: `beforeEach("seed data", .excluded)`.
public struct HookTrait: Sendable, Hashable {
    let isExcluded: Bool

    /// Leaves the hook out: it never runs.
    public static let excluded = HookTrait(isExcluded: true)
}
