import RundownEngine

/// A piece of a spec (a hook, an example, a group, or several of them) tagged
/// with the first and the last phase it occupies, so that ``ExampleBuilder``
/// can check the order of a group's contents at compile time.
///
/// One hook or element occupies one phase: its type is ``Step``, and the
/// aliases ``Example``, ``Examples``, ``BeforeAll``, ``AroundEach``,
/// ``BeforeEach``, ``AfterEach`` and ``AfterAll`` name those. Name `Steps`
/// itself for an `@ExampleBuilder` helper that holds hooks and is used among
/// other elements: its first and last phase are what the group it is used in
/// checks, as if its contents were written inline.
///
/// ```swift
/// @ExampleBuilder<SyncCall>
/// func behavesLikeANonEmptyStack(_ stack: @escaping () -> Stack<Int>) -> Steps<BeforeEachPhase, ExamplesPhase, SyncCall> {
///     beforeEach { try #require(stack().count > 0) }
///     it("has a top") { #expect(stack().top != nil) }
/// }
/// ```
///
/// A helper whose phases do not matter to its users returns ``ExampleGroup``.
public struct Steps<First, Last, Call: CallKind> {
    /// The hooks and elements this piece adds to its group.
    @_documentation(visibility: internal)
    public var content: GroupContent<Call.Mode>

    /// Wraps content.
    package init(content: GroupContent<Call.Mode>) {
        self.content = content
    }
}

/// One hook, one example or one group, or a loop or conditional, which counts
/// as its last element: a piece of a spec that occupies one phase.
public typealias Step<Phase, Call: CallKind> = Steps<Phase, Phase, Call>

/// An example, as returned by `it`.
public typealias Example<Call: CallKind> = Step<ExamplesPhase, Call>
/// Examples and groups without hooks: what a `describe` or `context`
/// returns, and what an ``ExampleBuilder`` helper holding only examples and
/// groups may return. Such a helper stands among other elements like an example.
public typealias Examples<Call: CallKind> = Step<ExamplesPhase, Call>
/// The whole content of a group, hooks and elements in any order the group
/// allows: what the closure of `spec`, `describe` or `context` builds.
///
/// An ``ExampleBuilder`` helper that returns it may hold anything a group
/// holds, so it counts as starting with `beforeAll` and ending with
/// `afterAll`: it must be the first element of the group it is used in (after
/// `beforeAll` hooks only), and only `afterAll` hooks may follow it, as in
/// `context("when empty") { emptyExamples() }`.
/// To use a helper among other elements, declare its first and last phase
/// instead (``Steps``, or ``Examples`` when it holds no hook).
public typealias ExampleGroup<Call: CallKind> = Steps<BeforeAllPhase, WholeGroupPhase, Call>
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

extension Steps where First == Last {
    /// A step holding one hook.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [HookTrait], _ location: CodeLocation,
        _ body: HookNode<Call.Mode>.Body
    ) -> Self {
        let excluded = traits.contains { $0.isExcluded } || (name?.traits ?? []).contains { $0.isExcluded }
        return Self(
            content: GroupContent(
                hook: HookNode<Call.Mode>(
                    kind: kind, name: name?.name, location: location, isExcluded: excluded, body: body)))
    }

    /// A step holding one each-hook.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [EachHookTrait], _ location: CodeLocation,
        _ body: HookNode<Call.Mode>.Body
    ) -> Self {
        let excluded = traits.contains { $0.isExcluded } || (name?.traits ?? []).contains { $0.isExcluded }
        let hook = HookNode<Call.Mode>(
            kind: kind, name: name?.name, location: location,
            isExcluded: excluded, isEveryExample: traits.contains { $0.isEveryExample }, body: body
        )
        return Self(content: GroupContent(hook: hook))
    }

    // A hook's synchronous body is adapted here, not by its word, for the
    // reason an example's is (see `example(_:_:_:synchronous:)`).

    /// A step holding one hook whose body is synchronous.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [HookTrait], _ location: CodeLocation,
        synchronous body: @escaping () throws -> Void
    ) -> Self {
        hook(kind, name, traits, location, .plain(Call._body(body)))
    }

    /// A step holding one each-hook whose body is synchronous.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [EachHookTrait], _ location: CodeLocation,
        synchronous body: @escaping () throws -> Void
    ) -> Self {
        hook(kind, name, traits, location, .plain(Call._body(body)))
    }
}

extension Steps where First == Last, Call: AsyncCallKind {
    /// A step holding one hook whose body may suspend.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [HookTrait], _ location: CodeLocation,
        asynchronous body: @escaping () async throws -> Void
    ) -> Self {
        hook(kind, name, traits, location, .plain(Call._asyncBody(body)))
    }

    /// A step holding one each-hook whose body may suspend.
    static func hook(
        _ kind: HookKind, _ name: HookName?, _ traits: [EachHookTrait], _ location: CodeLocation,
        asynchronous body: @escaping () async throws -> Void
    ) -> Self {
        hook(kind, name, traits, location, .plain(Call._asyncBody(body)))
    }
}

extension Steps where First == ExamplesPhase, Last == ExamplesPhase {
    /// A step holding one example.
    ///
    /// The location and body are consumed: `it` made them for this call, and
    /// they move into the node instead of being copied and released.
    /// Inlined into the steps that adapt a body, which `it` calls, so that
    /// an example's parts are not handed on through one more call.
    @inline(__always)
    @_specialize(where Call == SyncCall)
    @_specialize(where Call == AsyncCall)
    @_specialize(where Call == SyncMainCall)
    @_specialize(where Call == AsyncMainCall)
    static func example(
        _ description: String, _ traits: [ExampleTrait], _ location: consuming CodeLocation,
        _ body: consuming Call.Mode.Body
    ) -> Self {
        if let pruned = PrunedBuild.current, !pruned.keeps(example: description) {
            return Self(content: GroupContent())
        }
        if traits.isEmpty {
            return Self(content: GroupContent(example: description, location: location, body: body))
        }
        if ExampleTrait.isEveryExample(traits) {
            return misplacedEveryExample(description, traits, location)
        }
        return Self(
            content: GroupContent(
                example: description, marks: ExampleTrait.marks(traits), location: location,
                scopes: ExampleTrait.scopes(traits), body: body))
    }

    /// A step holding one example whose body is synchronous. The body is
    /// adapted here, not by `it`: a generic `it` that made it would look up
    /// the body's type before it found the specialization it hands over to.
    @_specialize(where Call == SyncCall)
    @_specialize(where Call == AsyncCall)
    static func example(
        _ description: String, _ traits: [ExampleTrait], _ location: consuming CodeLocation,
        synchronous body: @escaping () throws -> Void
    ) -> Self {
        example(description, traits, location, Call._body(body))
    }

    /// An example given `.everyExample`, which only groups take: it fails with ``EveryExampleOnAnExample``.
    private static func misplacedEveryExample(
        _ description: String, _ traits: [ExampleTrait], _ location: CodeLocation
    ) -> Self {
        let misuse = EveryExampleOnAnExample(example: description)
        let node = ExampleNode<Call.Mode>(
            description: description, marks: ExampleTrait.marks(traits), location: location,
            scopes: ExampleTrait.scopes(traits), body: Call._body { throw misuse })
        return Self(content: GroupContent(element: .example(node)))
    }

    /// A step holding one group; a group without any element becomes an
    /// example that fails with ``EmptyGroup``, and one nested deeper than
    /// ``GroupNestedTooDeep/limit`` an example that fails with that error.
    static func group<F, L>(
        _ description: String, _ traits: [ExampleTrait], _ location: CodeLocation, _ content: () -> Steps<F, L, Call>
    ) -> Self {
        let depth = GroupDepth.current + 1
        func nested() -> Steps<F, L, Call> { GroupDepth.binding.withValue(depth) { content() } }
        let tooDeep = depth > GroupNestedTooDeep.limit
        guard let pruned = PrunedBuild.current else {
            if tooDeep { return Self.tooDeep(description, traits, location) }
            return group(description, traits, location, nested())
        }
        switch pruned.decide(group: description) {
        case .omit:
            return Self(content: GroupContent())
        case .descend where tooDeep:
            return Self.tooDeep(description, traits, location)
        case .whole where tooDeep:
            return pruned.isAskedOccurrence()
                ? Self.tooDeep(description, traits, location) : Self(content: GroupContent())
        case .descend(let deeper):
            return group(description, traits, location, PrunedBuild.$current.withValue(deeper) { nested() })
        case .whole:
            let built = group(description, traits, location, PrunedBuild.$current.withValue(nil) { nested() })
            // An empty group is built as an example with the path, which the
            // spec lists among its examples: it counts as one of the twins.
            guard case .example = built.content.elements.first, !pruned.isAskedOccurrence() else { return built }
            return Self(content: GroupContent())
        }
    }

    /// The group at one level past the limit, as an example that fails with
    /// ``GroupNestedTooDeep``; its closure is never called, so no deeper level
    /// is built and the stack stays within the limit's margin.
    private static func tooDeep(_ description: String, _ traits: [ExampleTrait], _ location: CodeLocation) -> Self {
        let error = GroupNestedTooDeep(group: description)
        let node = ExampleNode<Call.Mode>(
            description: description, marks: ExampleTrait.marks(traits), location: location,
            body: Call._body { throw error })
        return Self(content: GroupContent(element: .example(node)))
    }

    @_specialize(kind:partial,where Call == SyncCall)
    @_specialize(kind:partial,where Call == AsyncCall)
    @_specialize(kind:partial,where Call == SyncMainCall)
    @_specialize(kind:partial,where Call == AsyncMainCall)
    private static func group<F, L>(
        _ description: String, _ traits: [ExampleTrait], _ location: CodeLocation, _ content: Steps<F, L, Call>
    ) -> Self {
        let node = GroupNode<Call.Mode>(
            description: description, marks: ExampleTrait.marks(traits), location: location,
            scopes: ExampleTrait.scopes(traits),
            content: ExampleTrait.isEveryExample(traits)
                ? content.content.withEveryEachHookEveryExample() : content.content)
        return Self(content: GroupContent(element: .checkedGroup(node, as: Call.self)))
    }
}

/// How many groups enclose the one being built, below its spec: the closure of
/// a `describe` runs inside its parent's, so a binding to the building thread
/// follows the nesting (see ThreadBinding.swift). Each spec starts at 0, a
/// spec built inside an example too.
enum GroupDepth {
    static var current: Int { binding.current }
    static let binding = ThreadBoundCount()
}

extension Steps where First == ExamplesPhase, Last == ExamplesPhase, Call: AsyncCallKind {
    /// A step holding one example whose body may suspend, adapted here as
    /// the synchronous one is.
    @_specialize(where Call == AsyncCall)
    static func example(
        _ description: String, _ traits: [ExampleTrait], _ location: consuming CodeLocation,
        asynchronous body: @escaping () async throws -> Void
    ) -> Self {
        example(description, traits, location, Call._asyncBody(body))
    }
}
