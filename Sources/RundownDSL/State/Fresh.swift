import RundownEngine

/// Declares a value that each example gets afresh: `let cart = fresh { Cart() }`.
///
/// `cart.value` inside an example, its `beforeEach`, `aroundEach` and
/// `afterEach` hooks (every-example hooks of enclosing groups included), and
/// the cleanups they register is one instance for that example, made by
/// `make` the first time it is read, and a new one for the next example. It
/// is discarded when the example ends, after its `afterEach` hooks and
/// cleanups, so they can still read it. An example that never reads it makes
/// none, and neither does an excluded or filtered-out one.
///
/// ```swift
/// try spec {
///     let cart = fresh { Cart() }
///     it("starts empty") { #expect(cart.value.items.isEmpty) }
///     it("adds an item") {
///         cart.value.add("apple")
///         #expect(cart.value.items == ["apple"])
///     }
/// }
/// ```
///
/// Reach for it first for state that examples must not share. A plain `var`
/// declared in a group is one variable for all of its examples, which a
/// `beforeEach` resets only around the group's own elements (once around a
/// nested group; see <doc:WritingSpecs>).
///
/// A group's `beforeAll` and `afterAll` hooks run for no single example, so
/// using the value there is a failure of the hook that says so, as is using
/// it while the spec is being built, or in an each-hook that runs once
/// around a nested group; such a use gets a new value that nothing keeps.
/// Keep state meant for a whole group in a plain variable. A task that an
/// example starts with `Task { }` uses that example's value; once the
/// example has ended, a use is a late failure of it. A detached task knows
/// no example: a use from one is a failure of the spec that says so.
///
/// - Parameters:
///   - fileID: The caller's `#fileID`; see <doc:SourceLocations>.
///   - filePath: The caller's `#filePath`; see <doc:SourceLocations>.
///   - line: The caller's `#line`; see <doc:SourceLocations>.
///   - column: The caller's `#column`; see <doc:SourceLocations>.
///   - make: Makes the value for one example. It runs where the example's
///     closure that first reads the value runs (on the main actor in a
///     main-actor spec).
public func fresh<Value>(
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column,
    _ make: @escaping () -> Value
) -> Fresh<Value> {
    Fresh(make, declaredAt: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// A value that each example of a spec gets afresh; see `fresh(_:)`.
///
/// It is as `Sendable` as its value: a `Fresh<Cart>` of a non-`Sendable`
/// `Cart` stays with the closures of the spec it is declared in, as a `Cart`
/// would; a `Fresh` of a `Sendable` or main-actor value may also be captured
/// by the main-actor closures of a spec built off the main actor.
public final class Fresh<Value> {
    private let make: () -> Value
    /// Where `fresh` was called.
    public let location: CodeLocation
    /// The check of the build of the spec it was declared in, which takes a
    /// use where no element runs (a detached task's) to that spec's run;
    /// `nil` for one declared outside a spec.
    private let spec: SpecBuildCheck?

    init(_ make: @escaping () -> Value, declaredAt location: CodeLocation) {
        self.make = make
        self.location = location
        spec = SpecBuildCheck.current
    }

    /// The example's instance, made on first use.
    ///
    /// Setting it replaces the example's instance until the example ends.
    public var value: Value {
        get {
            guard let state = usableState() else { return make() }
            let key = ObjectIdentifier(self)
            switch state.lookUp(key) {
            case .found(let kept):
                if let value = kept as? Value { return value }
                return make()
            case .absent:
                let made = make()
                guard let kept = state.store(made, for: key) else {
                    misused(.afterItsExample, in: state)
                    return made
                }
                return kept as? Value ?? made
            case .notAnExample, .closed:
                misused(nil, in: state)
                return make()
            }
        }
        set {
            guard let state = usableState() else { return }
            guard case .example = state.kind, state.store(newValue, for: ObjectIdentifier(self), replacing: true) != nil
            else {
                misused(nil, in: state)
                return
            }
        }
    }

    /// The state of the example running in this task; `nil` where none
    /// runs, the use recorded as a misuse of the spec being built, or, in a
    /// task that no element of the spec started (a detached task, which
    /// inherits no example), of the spec it was declared in.
    private func usableState() -> ElementState? {
        if let check = SpecBuildCheck.current {
            check.record(
                FreshValueMisuse(declaredAt: location, place: .whileBuilding), at: location,
                once: "\(ObjectIdentifier(self))")
            return nil
        }
        guard let runner = ExampleRunner.current else {
            spec?.recordWhereNoElementRuns(
                FreshValueMisuse(declaredAt: location, place: .fromDetachedTask), at: location,
                once: "\(ObjectIdentifier(self))")
            return nil
        }
        return runner.state
    }

    /// Records that the value was used in `state`, where it cannot be kept.
    private func misused(_ place: FreshValueMisuse.Place?, in state: ElementState) {
        guard let runner = ExampleRunner.current else { return }
        let place: FreshValueMisuse.Place =
            switch (place, state.kind) {
            case (let place?, _): place
            case (nil, .example): .afterItsExample
            case (nil, .groupElement(let group)):
                // The path runs from the spec to the nested group, then the hook: the group
                // before the nested one is the hook's own.
                .aroundNestedGroup(
                    hook: runner.path.last ?? "", group: group, hookGroup: runner.path.dropLast(2).last ?? "",
                    hookLocation: runner.hookLocation ?? runner.location)
            case (nil, .group): .groupHook(runner.path.last ?? "")
            }
        let failure = SpecFailure(
            path: runner.path, error: FreshValueMisuse(declaredAt: location, place: place), location: runner.location)
        // Runners come and go, so a runner's address may be reused: the hook is known by its path and place.
        let key = "\(ObjectIdentifier(self)) \(runner.location) \(runner.description)"
        if !state.noteMisuse(failure, once: key) {
            // The element has ended: the run's one channel takes it, as a late failure of that element.
            runner.post(String(describing: failure.error), at: runner.location)
        }
    }
}

// `@unchecked` because the maker is a plain closure, but safe: the value is
// `Sendable`, and every value made is kept in its example's ElementState, behind
// that state's lock; the maker is only called where the value is read, by the
// closures of the spec it was declared in, which run in the spec's isolation.
extension Fresh: @unchecked Sendable where Value: Sendable {}
