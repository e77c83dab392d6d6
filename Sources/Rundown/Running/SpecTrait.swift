/// A trait of a spec's root group, written after its name:
/// `spec("Cart", .everyExample) { … }`.
public struct SpecTrait: Sendable, Hashable {
    let isEveryExample: Bool

    /// Makes every each-hook of the spec an every-example hook, as if each
    /// had the `.everyExample` trait: Quick's and RSpec's order for the whole
    /// spec. The same as `.everyExample` on a `describe` holding everything.
    public static let everyExample = SpecTrait(isEveryExample: true)
}
