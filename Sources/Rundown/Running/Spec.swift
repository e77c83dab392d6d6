import RundownDSL
import RundownEngine
import RundownSettings

#if canImport(Testing)
import Testing
#endif

/// A spec as a value: its definition, kept to be run whole or one example
/// at a time, each example as its own test case of a parameterized Swift
/// Testing test.
///
/// ```swift
/// let stackSpec = Spec("A stack") {
///     var stack = Stack<Int>()
///     beforeEach { stack = Stack() }
///     context("when empty") {
///         it("has no top") { #expect(stack.top == nil) }
///     }
///     it("pushes") {
///         stack.push(1)
///         #expect(stack.top == 1)
///     }
/// }
/// ```
///
/// ```swift
/// @Test(arguments: stackSpec.examples)
/// func stack(_ example: Spec.Example) async throws { try await example.run() }
/// ```
///
/// `Spec.synchronous("A stack") { … }` makes a spec whose closures are all
/// synchronous; its examples run in synchronous tests too, `try example.run()`.
///
/// Each argument runs its own example with the hooks of its groups, the
/// `beforeAll` and `afterAll` hooks of its groups included, which therefore
/// run once for each example. Every run builds the tree afresh by calling
/// the definition again, so examples share no state declared inside it and
/// can run in parallel. Xcode shows one result per example, named by its
/// path; the console names the case of each issue; Swift Testing's
/// `--xunit-output` keeps one `testcase` per test function, so use
/// `RUNDOWN_JUNIT` for one per example. A skipped example is a cancelled
/// test case. `try spec(stackSpec)` runs the whole definition as `spec { }` does.
///
/// The trade-off against `spec { }`: each example is a test of its own, so
/// it can be picked, rerun and reported alone, but it costs what a Swift
/// Testing argument costs on top of its own run (which builds only the groups
/// on the example's path: about 45 µs in a release build, against about 2 µs
/// for an example of `spec { }`), each `beforeAll` runs once per example, and
/// state meant to be shared by a group's examples must live outside the
/// definition.
public struct Spec: Sendable {
    enum Content: Sendable {
        case sync(@Sendable () -> ExampleGroup<SyncCall>)
        case async(@Sendable () -> ExampleGroup<AsyncCall>)
    }

    /// The spec's name, which is also the `#function` of its root.
    var name: String { call.function }
    let call: SpecCall
    let content: Content

    /// Every example of the spec, in declaration order, focused, excluded
    /// and all: the arguments of a parameterized test.
    public var examples: [Example] {
        let (paths, focus, declarations): ([[String]], [FocusedElementLeftIn], [CodeLocation]) =
            switch content {
            case .sync(let content): Self.listing(root(content).node)
            case .async(let content): Self.listing(root(content).node)
            }
        var used: Set<String> = []
        var met: [[String]: Int] = [:]
        return paths.enumerated().map { index, path in
            met[path, default: 0] += 1
            let example = Example(
                spec: self, path: path, index: index, occurrence: met[path, default: 1],
                id: Self.id(of: path, unlike: used), focus: focus, declarations: declarations)
            used.insert(example.id)
            return example
        }
    }

    /// The path joined, or, for a path an earlier example has already, the
    /// first of `(2)`, `(3)`, … after it that no earlier example has: an
    /// example keeps its id when others are inserted above it, unless they
    /// share its path.
    private static func id(of path: [String], unlike used: Set<String>) -> String {
        let joined = PathText.joined(path)
        guard used.contains(joined) else { return joined }
        var occurrence = 2
        while used.contains("\(joined) (\(occurrence))") { occurrence += 1 }
        return "\(joined) (\(occurrence))"
    }

    func root<Call: CallKind>(_ content: () -> ExampleGroup<Call>) -> SpecRoot<Call> {
        SpecRoot(call, content: content())
    }

    /// The paths of the examples, and the focused elements and where every
    /// element and hook was declared (for the places of a filter,
    /// `Stack.swift:42`), which a run of one example that builds only its
    /// path could not see.
    private static func listing<Mode>(
        _ root: GroupNode<Mode>
    ) -> ([[String]], [FocusedElementLeftIn], [CodeLocation]) {
        (paths(root), root.focusedElements, PlaceTargets.declarations(in: root))
    }

    private static func paths<Mode>(_ root: GroupNode<Mode>) -> [[String]] {
        var paths: [[String]] = []
        func visit(_ group: GroupNode<Mode>, _ path: [String]) {
            for element in group.content.elements {
                switch element {
                case .example(let example): paths.append(path + [example.description])
                case .group(let child): visit(child, path + [child.description])
                }
            }
        }
        visit(root, [root.description])
        return paths
    }

    /// One example of a ``Spec``, to run alone.
    public struct Example: Sendable, Identifiable, CustomStringConvertible {
        let spec: Spec
        /// The example's path, from the spec's name to its own description.
        public let path: [String]
        /// Its place among the spec's examples, from 0.
        public let index: Int
        /// Which of the examples with its path it is, in declaration order:
        /// 1 for the first. Its run builds that one alone.
        let occurrence: Int
        /// The path joined with ", " (as ``description``), followed by ` (2)`,
        /// ` (3)`, … for the second, third, … example with the same path:
        /// unique within the spec, and unchanged when examples are added or
        /// removed elsewhere, so a test runner can rerun one argument by it.
        public let id: String
        /// The focused elements of the whole spec, found when the examples were listed.
        let focus: [FocusedElementLeftIn]
        /// Where every element and hook of the whole spec was declared: what
        /// the places of a filter name is decided on the whole spec.
        let declarations: [CodeLocation]

        /// The path joined with ", ": `A stack, when empty, pops nothing`; a
        /// step that holds ", " (or begins with `"`) is written in double
        /// quotes, `Cart, "a, b", c`, as every report writes the path.
        public var description: String { PathText.joined(path) }

        /// Runs the example, with the hooks of its groups, in a tree built
        /// afresh, and reports as `spec` does where it is called. An example
        /// that shares its path with others runs alone all the same.
        nonisolated(nonsending) public func run() async throws {
            try await run(from: RunSettings.forSpec())
        }

        /// Runs the example as ``run()`` does, with `base` for the process's settings.
        nonisolated(nonsending) func run(from base: RunSettings) async throws {
            switch spec.content {
            case .sync(let content): try SpecRun(root(content), settings: settings(from: base)).run()
            case .async(let content): try await SpecRun(root(content), settings: settings(from: base)).run()
            }
        }

        /// Runs the example of a ``Spec/synchronous(_:_:fileID:filePath:line:column:_:)``
        /// spec, as the `async` form does.
        ///
        /// - Throws: ``AsyncSpecNeedsAwait`` for a spec made with
        ///   ``Spec/init(_:_:fileID:filePath:line:column:_:)``, which only the
        ///   `async` form can run.
        public func run() throws {
            switch spec.content {
            case .sync(let content): try SpecRun(root(content), settings: settings(from: RunSettings.forSpec())).run()
            case .async: throw AsyncSpecNeedsAwait(specName: spec.name)
            }
        }

        /// The tree with only what lies on this example's path, and of the
        /// examples with that path only this one: the run would select
        /// nothing else.
        private func root<Call: CallKind>(_ content: () -> ExampleGroup<Call>) -> SpecRoot<Call> {
            PrunedBuild.$current.withValue(PrunedBuild(path: path, occurrence: occurrence)) { spec.root(content) }
        }

        /// The process's settings (`base`, taken as a spec takes them: the
        /// first run of the process gets the settings' failures), for this
        /// example alone; where focus is forbidden, every focused element of
        /// the spec fails the run, as it would if the whole tree had been built.
        private func settings(from base: RunSettings) -> RunSettings {
            var settings = base
            settings.example = path
            settings.knownFocus = focus
            settings.knownDeclarations = declarations
            return settings
        }
    }
}

#if canImport(Testing)
extension Spec.Example: CustomTestStringConvertible {
    /// The example's path, as Swift Testing shows the argument.
    public var testDescription: String { description }
}
#endif
