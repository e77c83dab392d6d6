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
    package private(set) var elements: [ElementNode<Mode>] = []

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
        elements = [element]
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
        if elements.isEmpty, elements.capacity < other.elements.count {
            // Nothing to keep and no room reserved: share the other's storage.
            elements = other.elements
        } else if !other.elements.isEmpty {
            elements.append(contentsOf: other.elements)
        }
    }

    /// Makes room for `count` more elements, so that appending them one by
    /// one does not grow the storage again and again.
    @_specialize(where Mode == Synchronous)
    @_specialize(where Mode == Asynchronous)
    package mutating func reserveElements(_ count: Int) {
        elements.reserveCapacity(elements.count + count)
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
        result.elements = newElements
        return result
    }
}
