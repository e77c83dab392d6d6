import RundownEngine

/// A piece of a spec (a hook, an example, a group, or several of them) tagged
/// with the phase it occupies, so that ``ExampleBuilder`` can check the order
/// of a group's contents at compile time.
///
/// You rarely name `Step` itself; use the aliases ``Example``,
/// ``ExampleGroup``, ``BeforeAll``, ``AroundEach``, ``BeforeEach``,
/// ``AfterEach`` and ``AfterAll`` for helpers that return part of a spec.
public struct Step<Phase, Call: CallKind> {
    /// The hooks and elements this piece adds to its group.
    public var content: GroupContent<Call.Mode>

    /// Wraps content.
    public init(content: GroupContent<Call.Mode>) {
        self.content = content
    }
}

/// An example, as returned by `it`.
public typealias Example<Call: CallKind> = Step<ExamplesPhase, Call>
/// Part of a group: what a `describe` or `context` returns, and what an
/// ``ExampleBuilder`` function builds.
public typealias ExampleGroup<Call: CallKind> = Step<ExamplesPhase, Call>
/// A `beforeAll` hook.
public typealias BeforeAll<Call: CallKind> = Step<BeforeAllPhase, Call>
/// An `aroundEach` hook.
public typealias AroundEach<Call: CallKind> = Step<AroundEachPhase, Call>
/// A `beforeEach` hook.
public typealias BeforeEach<Call: CallKind> = Step<BeforeEachPhase, Call>
/// An `afterEach` hook.
public typealias AfterEach<Call: CallKind> = Step<AfterEachPhase, Call>
/// An `afterAll` hook.
public typealias AfterAll<Call: CallKind> = Step<AfterAllPhase, Call>

extension Step {
    /// A step holding one hook.
    static func hook(_ kind: HookKind, _ name: String?, _ traits: [HookTrait], _ location: CodeLocation, _ body: HookNode<Call.Mode>.Body) -> Self {
        let excluded = traits.contains { $0.isExcluded }
        return Self(content: GroupContent(hook: HookNode<Call.Mode>(kind: kind, name: name, location: location, isExcluded: excluded, body: body)))
    }

    /// A step holding one each-hook.
    static func hook(_ kind: HookKind, _ name: String?, _ traits: [EachHookTrait], _ location: CodeLocation, _ body: HookNode<Call.Mode>.Body) -> Self {
        let hook = HookNode<Call.Mode>(
            kind: kind, name: name, location: location,
            isExcluded: traits.contains { $0.isExcluded }, isEveryExample: traits.contains { $0.isEveryExample }, body: body
        )
        return Self(content: GroupContent(hook: hook))
    }
}

extension Step where Phase == ExamplesPhase {
    /// A step holding one example.
    static func example(_ description: String, _ traits: [ExampleTrait], _ location: CodeLocation, _ body: Call.Mode.Body) -> Self {
        let node = ExampleNode<Call.Mode>(description: description, marks: ExampleTrait.marks(traits), location: location, scopes: ExampleTrait.scopes(traits), body: body)
        return Self(content: GroupContent(element: .example(node)))
    }

    /// A step holding one group.
    static func group(_ description: String, _ traits: [ExampleTrait], _ location: CodeLocation, _ content: ExampleGroup<Call>) -> Self {
        let node = GroupNode<Call.Mode>(description: description, marks: ExampleTrait.marks(traits), location: location, scopes: ExampleTrait.scopes(traits), content: content.content)
        return Self(content: GroupContent(element: .group(node)))
    }
}
