/// What a group holds: its hooks by kind, and its elements in order.
///
/// Content is also the unit the DSL composes: a loop body, a conditional branch
/// or a helper function's result is content that is spliced into the enclosing
/// group, so its hooks belong to that group wherever it stands.
///
/// The type is public only because the DSL's public builder protocols carry
/// it; everything in it is Rundown's own.
///
/// It is one word: no element, one element (an example's content, kept out
/// of an array until other content takes it in), elements, or a reference
/// to hooks with elements. The DSL makes content for every example and
/// copies it through the builder's loops, where a copy costs one retain. A
/// group's node holds its content settled (see ``settled``), so the walk
/// never reads an array made on the fly. Content is never changed in place:
/// putting parts together is a ``Joiner``'s work, which makes new content.
@_documentation(visibility: internal)
public struct GroupContent<Mode: ExecutionMode> {
    private var storage: Storage

    private enum Storage {
        case none
        case one(ElementNode<Mode>)
        case many([ElementNode<Mode>])
        case hooked(Hooked)
    }

    /// Content that has hooks; shared between copies, as an array is.
    final class Hooked {
        let hooks: HookLists<Mode>
        let elements: [ElementNode<Mode>]

        init(hooks: HookLists<Mode>, elements: [ElementNode<Mode>]) {
            self.hooks = hooks
            self.elements = elements
        }
    }

    /// The hooks, in declaration order, by kind; a kind without hooks is absent.
    package var hooks: [HookKind: [HookNode<Mode>]] {
        guard case .hooked(let hooked) = storage else { return [:] }
        return hooked.hooks.byKind
    }

    /// The examples and nested groups, in declaration order.
    package var elements: [ElementNode<Mode>] {
        switch storage {
        case .none: []
        case .one(let element): [element]
        case .many(let elements): elements
        case .hooked(let hooked): hooked.elements
        }
    }

    /// How many elements there are, counted without making an array of them.
    package var elementCount: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let elements): elements.count
        case .hooked(let hooked): hooked.elements.count
        }
    }

    /// The element at `index` (below ``elementCount``), read without making an array of them.
    package func element(at index: Int) -> ElementNode<Mode> {
        switch storage {
        case .none: preconditionFailure("no element at \(index) of empty content")
        case .one(let element): element
        case .many(let elements): elements[index]
        case .hooked(let hooked): hooked.elements[index]
        }
    }

    /// Creates empty content.
    package init() {
        storage = .none
    }

    /// Content holding one hook.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(hook: HookNode<Mode>) {
        storage = .hooked(Hooked(hooks: HookLists(hook), elements: []))
    }

    /// Content holding one element.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(element: ElementNode<Mode>) {
        storage = .one(element)
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
        storage = .one(
            .example(
                ExampleNode(description: description, marks: marks, location: location, scopes: scopes, body: body)))
    }

    /// Content holding one example without traits, the most common kind:
    /// its empty marks are made here, where making them is inlined.
    /// Exported, as ``Joiner/append(_:)`` is: the DSL calls it at every `it`.
    @_specialize(exported:true,where Mode == Synchronous)
    @_specialize(exported:true,where Mode == Asynchronous)
    package init(example description: String, location: CodeLocation, body: Mode.Body) {
        storage = .one(.example(ExampleNode(description: description, location: location, body: body)))
    }

    private init(hooks: HookLists<Mode>?, elements: [ElementNode<Mode>]) {
        storage = hooks.map { .hooked(Hooked(hooks: $0, elements: elements)) } ?? .many(elements)
    }

    /// The hooks of one kind, in declaration order.
    package func hooks(_ kind: HookKind) -> [HookNode<Mode>] {
        guard case .hooked(let hooked) = storage else { return [] }
        return hooked.hooks[kind]
    }

    /// Appends other content after this one: hooks join the lists of their
    /// kind, elements follow the existing ones.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func append(_ other: GroupContent<Mode>) {
        if case .none = storage {
            self = other
            return
        }
        var joiner = Joiner(reserving: 0)
        joiner.append(self)
        joiner.append(other)
        self = joiner.content
    }

    /// The same content with its elements in an array, as a group's node holds it.
    var settled: GroupContent<Mode> {
        guard case .one(let element) = storage else { return self }
        return GroupContent(hooks: nil, elements: [element])
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
        GroupContent(hooks: HookLists(newHooks), elements: newElements)
    }

    /// Puts contents together in order, as a loop's iterations or a
    /// group's statements join: the hooks of each kind in order, the
    /// elements in order, grown in place and made content once.
    package struct Joiner {
        private var hooks: HookLists<Mode>?
        private var elements: [ElementNode<Mode>] = []

        /// A joiner with room for `count` elements.
        @_specialize(where Mode == Synchronous)
        @_specialize(where Mode == Asynchronous)
        package init(reserving count: Int) {
            if count > 1 { elements.reserveCapacity(count) }
        }

        /// Appends the hooks and elements of `content`. Exported, so that
        /// `buildArray`, in another module, calls the specialization straight away.
        @_specialize(exported:true,where Mode == Synchronous)
        @_specialize(exported:true,where Mode == Asynchronous)
        package mutating func append(_ content: GroupContent<Mode>) {
            switch content.storage {
            case .none:
                break
            case .one(let element):
                elements.append(element)
            case .many(let theirs):
                append(contentsOf: theirs)
            case .hooked(let hooked):
                hooks = hooks.map { $0.appending(hooked.hooks) } ?? hooked.hooks
                append(contentsOf: hooked.elements)
            }
        }

        private mutating func append(contentsOf theirs: [ElementNode<Mode>]) {
            // Appending nothing would still copy elements shared with other content.
            guard !theirs.isEmpty else { return }
            if elements.isEmpty, elements.capacity < theirs.count {
                elements = theirs
            } else {
                elements.append(contentsOf: theirs)
            }
        }

        /// What was joined. One element and no hook make content without
        /// an array, as an example's does.
        package var content: GroupContent<Mode> {
            if hooks == nil, elements.count <= 1 {
                return elements.first.map { GroupContent(element: $0) } ?? GroupContent()
            }
            return GroupContent(hooks: hooks, elements: elements)
        }
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
