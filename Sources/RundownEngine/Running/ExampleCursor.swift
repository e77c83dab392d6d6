// One binding for a group's examples, for as long as no task keeps it.
//
// Why. Binding a task-local is the costliest thing the walk does for an
// example: the runtime takes the task's status lock to push it, and the
// driver nests a drive inside it. So the plain examples of a group (those
// that neither repeat nor retry) share one bound source, the group's cursor,
// which the walk points at each example in turn.
//
// Invariants. Moving the cursor on is safe only while no task but the walk's
// can read it. A task that a closure starts (`Task {}`) copies the binding,
// so it holds the cursor, and once the example has ended it must go on seeing
// that example. So when an example ends, the walk counts the cursor's
// references and compares the count with the one it took when the cursor was
// new, bound, and held by nothing else: by the walk, its binding and the
// driver's frames, which hold what they hold for as long as the binding
// lasts. The count is only ever compared with that one, never read as a
// number of holders.
// - The same count: no task holds the cursor, and none can read it (child
//   tasks of a closure read their parent's binding without holding it, and
//   end before their closure returns). The next example takes it over.
// - Any other count: a task may hold it. The cursor is retired: it goes on
//   pointing at the example that ended, for the tasks that hold it, and the
//   walk leaves its binding and binds a new cursor for the next example. A
//   passing read of `ExampleRunner.current` on another task at that moment
//   retires it too, which costs one binding and is never wrong.
// Both counts are taken by one function (`GroupFrame.cursorReferences`), so
// that the walk's own temporaries are the same each time. A cursor is moved
// only by the walk, under its lock, which also orders its reads on other
// tasks after the move.

/// What the tasks of a group's plain examples read ``ExampleRunner/current``
/// from: the frame of the example that runs now, or, once retired, of the
/// example that ran last (see the account above).
///
/// `@unchecked Sendable`: `frame`, the only state, is read and written only
/// under the cursor's lock.
final class ExampleCursor: RunnerSource, @unchecked Sendable {
    @exclusivity(unchecked) private var frame: RunScope

    init(at frame: RunScope) {
        self.frame = frame
    }

    private var lock: ScopeLock { ScopeLock(guarding: self) }

    var runningRunner: ExampleRunner? {
        lock.lock()
        let current = frame
        lock.unlock()
        return current.runningRunner
    }

    /// Points the cursor at the next example; only the walk calls it, while
    /// nothing but the walk, its binding and the driver holds the cursor.
    func move(to next: RunScope) {
        lock.lock()
        let previous = frame
        frame = next
        lock.unlock()
        // Released after the lock: the last reference to a frame may be this one.
        _ = consume previous
    }
}
