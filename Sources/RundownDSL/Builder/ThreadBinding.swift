#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// What a build in progress tells the elements declared inside it (how deep
// the group being built is, the pruned build it belongs to) is bound to the
// calling thread, not to the task: `it` reads it for every example, and a
// task-local read cost some 150 instructions where a thread slot costs 20.
//
// Invariant: a build never suspends. A spec's content, a group's closure and
// all they call are synchronous, so a build runs on one thread from its start
// to its end, and a binding made around a synchronous call is seen by all of
// that call and by nothing else on the thread; a binding is undone when the
// call returns or throws, so bindings nest as task-local ones do. Within a
// build this is exactly what a task-local binding would show; the one
// difference, that a task the build starts does not inherit it, cannot be
// seen, since nothing such a task declares joins the tree.

/// One pthread key, made once, in which a binding keeps its value: what
/// ``ThreadBound`` and ``ThreadBoundCount`` share.
private struct ThreadSlot: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The value bound on this thread, `nil` where none is.
    var value: UnsafeMutableRawPointer? { pthread_getspecific(key) }

    /// Calls `operation` with `value` bound on this thread, and binds what was bound before again after it.
    func withValue<Result>(_ value: UnsafeRawPointer?, operation: () throws -> Result) rethrows -> Result {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, value)
        defer { pthread_setspecific(key, previous) }
        return try operation()
    }
}

/// An object bound to the calling thread for the duration of a synchronous
/// call, as a task-local is to a task: kept in a `static let`, read with
/// ``current``, bound with ``withValue(_:operation:)``.
package final class ThreadBound<Object: AnyObject>: Sendable {
    private let slot = ThreadSlot()

    package init() {}

    /// The object bound on this thread, if any.
    package var current: Object? {
        guard let raw = slot.value else { return nil }
        return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
    }

    /// Calls `operation` with `object` bound on this thread (or nothing, for `nil`).
    package func withValue<Result>(_ object: Object?, operation: () throws -> Result) rethrows -> Result {
        // The slot holds no reference of its own: the object lives as long as the call.
        try withExtendedLifetime(object) {
            try slot.withValue(object.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }) {
                try operation()
            }
        }
    }
}

/// A count bound to the calling thread for the duration of a synchronous
/// call, 0 where none is; kept in the slot itself, so binding one allocates nothing.
final class ThreadBoundCount: Sendable {
    private let slot = ThreadSlot()

    /// The count bound on this thread.
    var current: Int {
        Int(bitPattern: slot.value)
    }

    /// Calls `operation` with `count` bound on this thread.
    func withValue<Result>(_ count: Int, operation: () throws -> Result) rethrows -> Result {
        try slot.withValue(UnsafeRawPointer(bitPattern: count), operation: operation)
    }
}
