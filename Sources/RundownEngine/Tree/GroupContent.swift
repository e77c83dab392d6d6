/// What a group holds: its hooks by kind, and its elements in order.
///
/// Content is also the unit the DSL composes: a loop body, a conditional branch
/// or a helper function's result is content that is spliced into the enclosing
/// group, so its hooks belong to that group wherever it stands.
///
/// The type is public only because the DSL's public builder protocols carry
/// it; everything in it is Rundown's own.
@_documentation(visibility: internal)
public struct GroupContent<Mode: ExecutionMode> {
    /// The hooks, in declaration order, by kind.
    package private(set) var hooks: [HookKind: [HookNode<Mode>]] = [:]
    /// The examples and nested groups, in declaration order.
    package var elements: [ElementNode<Mode>] {
        if let single { return [single] }
        return stored
    }
    /// The elements, unless ``single`` holds the only one.
    private var stored: [ElementNode<Mode>] = []
    /// The one element of content made of one element, which the DSL makes
    /// for every example: kept out of an array until other content takes it
    /// in, so that building an example allocates no array of its own. When
    /// set, ``stored`` is empty. A group's node holds its content settled
    /// (see ``settled``), so the walk never reads an array made on the fly.
    private var single: ElementNode<Mode>?

    /// Creates empty content.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init() {}

    /// Content holding one hook.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(hook: HookNode<Mode>) {
        hooks[hook.kind] = [hook]
    }

    /// Content holding one element.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package init(element: ElementNode<Mode>) {
        single = element
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
        single = .example(
            ExampleNode(description: description, marks: marks, location: location, scopes: scopes, body: body))
    }

    /// The hooks of one kind, in declaration order.
    package func hooks(_ kind: HookKind) -> [HookNode<Mode>] {
        hooks[kind] ?? []
    }

    /// Appends other content after this one: hooks join the lists of their
    /// kind, elements follow the existing ones.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func append(_ other: GroupContent<Mode>) {
        if !other.hooks.isEmpty {
            for (kind, list) in other.hooks {
                hooks[kind, default: []].append(contentsOf: list)
            }
        }
        if let element = other.single {
            append(element)
        } else if !other.stored.isEmpty {
            if let mine = single {
                single = nil
                stored = [mine] + other.stored
            } else if stored.isEmpty, stored.capacity < other.stored.count {
                // Nothing to keep and no room reserved: share the other's storage.
                stored = other.stored
            } else {
                stored.append(contentsOf: other.stored)
            }
        }
    }

    /// Appends one element after the existing ones.
    private mutating func append(_ element: ElementNode<Mode>) {
        if let mine = single {
            single = nil
            stored = [mine, element]
        } else if stored.isEmpty, stored.capacity == 0 {
            single = element
        } else {
            stored.append(element)
        }
    }

    /// The same content with its elements in an array, as a group's node holds it.
    var settled: GroupContent<Mode> {
        guard let single else { return self }
        var result = self
        result.single = nil
        result.stored = [single]
        return result
    }

    /// Makes room for `count` more elements, so that appending them one by
    /// one does not grow the storage again and again.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func reserveElements(_ count: Int) {
        if let mine = single {
            single = nil
            stored.reserveCapacity(1 + count)
            stored.append(mine)
        } else {
            stored.reserveCapacity(stored.count + count)
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
        var result = GroupContent()
        result.hooks = newHooks
        result.stored = newElements
        return result
    }
}
