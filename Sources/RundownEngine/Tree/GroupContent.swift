/// What a group holds: its hooks by kind, and its elements in order.
///
/// Content is also the unit the DSL composes: a loop body, a conditional branch
/// or a helper function's result is content that is spliced into the enclosing
/// group, so its hooks belong to that group wherever it stands.
///
/// The type is public only because the DSL's public builder protocols carry
/// it; everything in it is Rundown's own.
///
/// The DSL makes content for every example and moves it through the
/// builder's loops, so an example's content is two words that hold a
/// reference each at most: its element, and no hooks.
@_documentation(visibility: internal)
public struct GroupContent<Mode: ExecutionMode> {
    /// The hooks, `nil` when there are none: most content is one example.
    /// Shared between copies; a change makes new lists (hooks are few, and
    /// declared once).
    private var hookLists: HookLists<Mode>?
    private var items: Items

    /// The elements, a word: an example's content keeps its one element out
    /// of an array until other content takes it in, so that building an
    /// example allocates no array of its own. A group's node holds its
    /// content settled (see ``settled``), so the walk never reads an array
    /// made on the fly.
    private enum Items {
        case none
        case one(ElementNode<Mode>)
        case many([ElementNode<Mode>])
    }

    /// The hooks, in declaration order, by kind; a kind without hooks is absent.
    package var hooks: [HookKind: [HookNode<Mode>]] {
        hookLists?.byKind ?? [:]
    }

    /// The examples and nested groups, in declaration order.
    package var elements: [ElementNode<Mode>] {
        switch items {
        case .none: []
        case .one(let element): [element]
        case .many(let elements): elements
        }
    }

    /// Creates empty content.
    package init() {
        hookLists = nil
        items = .none
    }

    /// Content holding one hook.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(hook: HookNode<Mode>) {
        hookLists = HookLists(hook)
        items = .none
    }

    /// Content holding one element.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(element: ElementNode<Mode>) {
        hookLists = nil
        items = .one(element)
    }

    /// Content holding one example, made from its parts here: an example
    /// made outside and passed in was copied into its element's box through
    /// the tree's generic witnesses, and destroyed, at every `it`.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(
        example description: String, marks: ElementMarks, location: CodeLocation, scopes: [ElementScope],
        body: Mode.Body
    ) {
        hookLists = nil
        items = .one(
            .example(
                ExampleNode(description: description, marks: marks, location: location, scopes: scopes, body: body)))
    }

    /// Content holding one example without traits, the most common kind:
    /// its empty marks are made here, where making them is inlined.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(example description: String, location: CodeLocation, body: Mode.Body) {
        hookLists = nil
        items = .one(.example(ExampleNode(description: description, location: location, body: body)))
    }

    private init(hookLists: HookLists<Mode>?, items: Items) {
        self.hookLists = hookLists
        self.items = items
    }

    /// The hooks of one kind, in declaration order.
    package func hooks(_ kind: HookKind) -> [HookNode<Mode>] {
        hookLists?[kind] ?? []
    }

    /// Appends other content after this one: hooks join the lists of their
    /// kind, elements follow the existing ones.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func append(_ other: GroupContent<Mode>) {
        if let theirs = other.hookLists {
            hookLists = hookLists.map { $0.appending(theirs) } ?? theirs
        }
        switch other.items {
        case .none: break
        case .one(let element): append(element)
        case .many(let elements): append(contentsOf: elements)
        }
    }

    // Both take the array out of `items` before changing it, so that the
    // array is not shared with `items` and grows in place.

    private mutating func append(_ element: __owned ElementNode<Mode>) {
        switch items {
        case .none:
            items = .one(element)
        case .one(let first):
            items = .many([first, element])
        case .many(var elements):
            items = .none
            elements.append(element)
            items = .many(elements)
        }
    }

    private mutating func append(contentsOf others: __owned [ElementNode<Mode>]) {
        switch items {
        case .none:
            items = .many(others)
        case .one(let first):
            items = .many([first] + others)
        case .many(var elements):
            items = .none
            elements.append(contentsOf: others)
            items = .many(elements)
        }
    }

    /// The same content with its elements in an array, as a group's node holds it.
    var settled: GroupContent<Mode> {
        guard case .one(let element) = items else { return self }
        return GroupContent(hookLists: hookLists, items: .many([element]))
    }

    /// Makes room for `count` more elements, so that appending them one by
    /// one does not grow the storage again and again.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func reserveElements(_ count: Int) {
        switch items {
        case .none:
            var elements: [ElementNode<Mode>] = []
            elements.reserveCapacity(count)
            items = .many(elements)
        case .one(let first):
            var elements: [ElementNode<Mode>] = []
            elements.reserveCapacity(1 + count)
            elements.append(first)
            items = .many(elements)
        case .many(var elements):
            items = .none
            elements.reserveCapacity(elements.count + count)
            items = .many(elements)
        }
    }

    /// This content followed by other content.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package func appending(_ other: GroupContent<Mode>) -> GroupContent<Mode> {
        var result = self
        result.append(other)
        return result
    }

    /// The same content with the hooks and elements chosen by the arguments.
    func replacing(hooks newHooks: [HookKind: [HookNode<Mode>]], elements newElements: [ElementNode<Mode>])
        -> GroupContent<Mode>
    {
        GroupContent(hookLists: HookLists(newHooks), items: .many(newElements))
    }
}

/// A group's hooks, one list per kind, in declaration order. Immutable, so
/// that content copied through the builder shares it without a check.
final class HookLists<Mode: ExecutionMode> {
    private let beforeAll: [HookNode<Mode>]
    private let aroundEach: [HookNode<Mode>]
    private let beforeEach: [HookNode<Mode>]
    private let afterEach: [HookNode<Mode>]
    private let afterAll: [HookNode<Mode>]

    private init(
        beforeAll: [HookNode<Mode>], aroundEach: [HookNode<Mode>], beforeEach: [HookNode<Mode>],
        afterEach: [HookNode<Mode>], afterAll: [HookNode<Mode>]
    ) {
        self.beforeAll = beforeAll
        self.aroundEach = aroundEach
        self.beforeEach = beforeEach
        self.afterEach = afterEach
        self.afterAll = afterAll
    }

    /// The lists of one hook.
    convenience init(_ hook: HookNode<Mode>) {
        self.init(
            beforeAll: hook.kind == .beforeAll ? [hook] : [], aroundEach: hook.kind == .aroundEach ? [hook] : [],
            beforeEach: hook.kind == .beforeEach ? [hook] : [], afterEach: hook.kind == .afterEach ? [hook] : [],
            afterAll: hook.kind == .afterAll ? [hook] : [])
    }

    /// The lists given by kind; `nil` when there are none.
    convenience init?(_ byKind: [HookKind: [HookNode<Mode>]]) {
        guard byKind.values.contains(where: { !$0.isEmpty }) else { return nil }
        self.init(
            beforeAll: byKind[.beforeAll] ?? [], aroundEach: byKind[.aroundEach] ?? [],
            beforeEach: byKind[.beforeEach] ?? [], afterEach: byKind[.afterEach] ?? [],
            afterAll: byKind[.afterAll] ?? [])
    }

    subscript(kind: HookKind) -> [HookNode<Mode>] {
        switch kind {
        case .beforeAll: beforeAll
        case .aroundEach: aroundEach
        case .beforeEach: beforeEach
        case .afterEach: afterEach
        case .afterAll: afterAll
        }
    }

    /// The lists that are not empty, by kind.
    var byKind: [HookKind: [HookNode<Mode>]] {
        var result: [HookKind: [HookNode<Mode>]] = [:]
        for kind in HookKind.allCases where !self[kind].isEmpty { result[kind] = self[kind] }
        return result
    }

    /// These lists, each followed by its kind's list in `other`. A group
    /// declares most kinds once, so most lists are taken as they are.
    func appending(_ other: HookLists<Mode>) -> HookLists<Mode> {
        func joined(_ mine: [HookNode<Mode>], _ theirs: [HookNode<Mode>]) -> [HookNode<Mode>] {
            if theirs.isEmpty { return mine }
            if mine.isEmpty { return theirs }
            return mine + theirs
        }
        return HookLists(
            beforeAll: joined(beforeAll, other.beforeAll), aroundEach: joined(aroundEach, other.aroundEach),
            beforeEach: joined(beforeEach, other.beforeEach), afterEach: joined(afterEach, other.afterEach),
            afterAll: joined(afterAll, other.afterAll))
    }
}
