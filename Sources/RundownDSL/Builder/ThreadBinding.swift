#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// How deep the group being built is, which every group declared reads, is
// bound to the calling thread, not to the task: a task-local read cost some
// 150 instructions where a thread slot costs 20. It is a count, kept in the
// slot itself; what a build binds that is an object (the pruned build it
// belongs to) is a task-local, which holds its object strongly.
//
// Invariant: a build never suspends. A spec's content, a group's closure and
// all they call are synchronous, so a build runs on one thread from its start
// to its end, and a binding made around a synchronous call is seen by all of
// that call and by nothing else on the thread; a binding is undone when the
// call returns or throws, so bindings nest as task-local ones do. Within a
// build this is exactly what a task-local binding would show; the one
// difference, that a task the build starts does not inherit it, cannot be
// seen, since nothing such a task declares joins the tree.

/// A count bound to the calling thread for the duration of a synchronous
/// call, 0 where none is; kept in a pthread key's slot itself, so binding one
/// allocates nothing.
final class ThreadBoundCount: Sendable {
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// The count bound on this thread.
    var current: Int {
        Int(bitPattern: pthread_getspecific(key))
    }

    /// Calls `operation` with `count` bound on this thread, and binds what was bound before again after it.
    func withValue<Result>(_ count: Int, operation: () throws -> Result) rethrows -> Result {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: count))
        defer { pthread_setspecific(key, previous) }
        return try operation()
    }
}
