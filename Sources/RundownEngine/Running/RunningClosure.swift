// How `ExampleRunner.current` knows the closure running in a task.
//
// Invariants. The walk binds one task-local per frame, not per closure: when
// a frame (a group, or one element of a group) is pushed, the driver runs the
// walk on inside `ExampleRunner.$source.withValue(frame)` until the frame is
// popped (`.enter` and `.leave`), so the bindings nest as the frames do. The
// plain examples of a group (those that neither repeat nor retry) go further
// and share one binding, their group's cursor, for as long as no task holds
// it (see ExampleCursor.swift). Each closure of a frame only writes which
// closure it is (`ClosureParts`) into the frame, under RunScope's lock;
// `current` reads the innermost bound source and makes the runner of its
// closure the first time it is asked, then keeps it until the frame's next
// closure starts, so a closure sees one runner and every failure it posts
// names that runner. A closure that nobody asks about makes no runner at all.
// What a binding per closure cost (the runtime takes the task's status lock
// to push a task-local) is paid once per frame, and for plain examples once
// per group, or once per example that leaves a task running.
//
// What it keeps. A task started in a closure of an example (its each-hooks,
// the example itself, their cleanups) inherits the binding of the example's
// frame. While the frame runs, the task sees the frame's closure running now;
// once the frame has ended, a runner of the example itself, which the frame
// no longer caches (so that no runner keeps its frame alive in a cycle). Its
// failures are still the example's, late once the example has ended. A frame
// nested inside another binds itself, so a task of a group's `beforeAll` is
// never taken for one of its examples. A closure run under a time limit,
// whose task may be left behind, binds its own runner instead of the frame.
//
// Where a binding per closure costs nothing measurable, or is needed, it is
// kept. A closure that runs once per group (a `beforeAll`, an `afterAll`, a
// hook around a nested group, and their cleanups) binds its own runner, so
// its tasks name it, not the frame's closure that ran last. An `aroundEach`
// hook binds its own runner (so it sees that one runner before and after its
// body), and its body the frame's source again: a task
// the hook starts that fails while the body runs (an `async let` watching
// it) is the hook's, so what it posts and the error the hook rethrows from it
// are one failure; and closures inside the body see their frame even if the
// hook called the body from a thread or task that inherits nothing. An
// example that repeats or retries is bound once per run (`AttemptSource`), so
// that a task of an earlier run that fails during a later one says which run
// it was. Whatever its task sees, a failure posted once its example has ended
// names the example (`ExampleRunner.latePath`).

/// What ``ExampleRunner/current`` is read from: a frame of the walk, which
/// answers for the closure it runs now, or one runner, which answers itself.
package protocol RunnerSource: AnyObject, Sendable {
    /// The runner of the closure running now, or `nil` before the first.
    var runningRunner: ExampleRunner? { get }
}

extension ExampleRunner: RunnerSource {
    /// A runner bound by itself answers itself.
    package var runningRunner: ExampleRunner? { self }
}

extension ExampleRunner {
    /// The frame (or the runner, or the cursor of a group's plain examples)
    /// whose closure the task runs: bound by the drivers as the walk enters
    /// it, inherited by the tasks its closures start.
    @TaskLocal package static var source: (any RunnerSource)?
}

/// Which closure of a frame runs: all a runner holds besides its frame.
struct ClosureParts {
    /// Whether it is the element's own closure or a hook's.
    let role: ExampleRunner.Role
    /// The hook, `nil` for the element itself.
    let hook: RunnerHook?
    /// Which run of its example it belongs to, if the example repeats or retries.
    let attempt: AttemptNote?
    /// For a cleanup, the location its runner answers (where it was
    /// registered) instead of its hook's or its element's; `nil` for every other closure.
    let given: ExampleRunner.Given?

    init(role: ExampleRunner.Role, hook: RunnerHook?, attempt: AttemptNote?, given: ExampleRunner.Given? = nil) {
        self.role = role
        self.hook = hook
        self.attempt = attempt
        self.given = given
    }
}

/// What the tasks of one run of an example that repeats or retries read
/// ``ExampleRunner/current`` from: its frame, told which run they belong to
/// (see ``RunScope/runningRunner(ofRun:)``). The driver binds a new one for
/// each run.
final class AttemptSource: RunnerSource {
    private let frame: RunScope
    private let run: AttemptNote

    init(frame: RunScope, run: AttemptNote) {
        self.frame = frame
        self.run = run
    }

    var runningRunner: ExampleRunner? { frame.runningRunner(ofRun: run) }
}
