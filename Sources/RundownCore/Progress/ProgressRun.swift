extension ProgressBoard {
    /// One walk of a spec on the board (a spec run, or the walk of one
    /// element of a concurrent group): the closures it runs now, as a stack,
    /// outermost first. Its driver reports each closure's start and end.
    ///
    /// A start reads no clock: on a machine whose clock is a system call, one
    /// read per closure would cost more than the rest of the board. The board's
    /// thread (``ProgressTicker``) stamps each closure it has not seen yet when it
    /// looks, every tick, so a closure's time counts from at most a tick after
    /// it started; a report stamps what no tick has seen yet.
    package final class Run: Sendable {
        /// The description of the spec's root group.
        package let spec: String
        /// The test that runs the spec (a Swift Testing test, an XCTest method), if known.
        package let test: String?
        /// The closures running, outermost first: an `aroundEach` hook below what its body runs.
        private let stack = Protected<[Running]>([])

        init(spec: String, test: String?) {
            self.spec = spec
            self.test = test
        }

        /// `closure` starts, inside those running.
        package func started(_ closure: any RunningClosure) {
            stack.withLock { $0.append(Running(closure: closure, started: nil)) }
        }

        /// `closure` starts, inside those running, at `instant`: for a test of the ticker.
        package func started(_ closure: any RunningClosure, at instant: ContinuousClock.Instant) {
            stack.withLock { $0.append(Running(closure: closure, started: instant)) }
        }

        /// The innermost closure ended.
        package func ended() {
            stack.withLock { _ = $0.popLast() }
        }

        /// The closures running now, outermost first, those not seen before stamped `now`.
        func closures(stamping now: ContinuousClock.Instant) -> [Running] {
            stack.withLock { stack in
                Self.stamp(&stack, now)
                return stack
            }
        }

        /// When `closure` started, if it runs in this walk, stamped `now` if not seen before.
        func started(of closure: any RunningClosure, stamping now: ContinuousClock.Instant) -> ContinuousClock.Instant?
        {
            stack.withLock { stack in
                Self.stamp(&stack, now)
                return stack.last { $0.closure === closure }?.started
            }
        }

        /// Stamps the closures not seen before with `now`; the innermost ones are the new ones.
        private static func stamp(_ stack: inout [Running], _ now: ContinuousClock.Instant) {
            var index = stack.count - 1
            while index >= 0, stack[index].started == nil {
                stack[index].started = now
                index -= 1
            }
        }

        /// What the ticker sees at `now`, with the closures not seen before
        /// stamped: whether the innermost closure is due for a report (past
        /// `after` since it started, and `every` since it was last reported,
        /// `slack` early at most), marked reported if so. With no `after`, it
        /// only stamps.
        func check(at now: ContinuousClock.Instant, after: Duration?, every: Duration, slack: Duration) -> Check {
            stack.withLock { stack in
                Self.stamp(&stack, now)
                guard let innermost = stack.last else { return .idle }
                guard let after, let started = innermost.started else { return .running(stack) }
                let due =
                    if let reported = innermost.reported {
                        reported.duration(to: now) >= every - slack
                    } else {
                        started.duration(to: now) >= after - slack
                    }
                guard due else { return .running(stack) }
                stack[stack.count - 1].reported = now
                return .due(stack)
            }
        }

        /// What ``check(at:after:every:slack:)`` found.
        enum Check {
            /// Nothing runs.
            case idle
            /// Closures run, none due; outermost first.
            case running([Running])
            /// The innermost is due; outermost first.
            case due([Running])
        }
    }

    /// A closure that runs, on a run's stack.
    package struct Running: Sendable {
        let closure: any RunningClosure
        /// When the board first saw it running (see ``Run``); `nil` until it has.
        var started: ContinuousClock.Instant?
        /// When the ticker last reported it, if it has.
        var reported: ContinuousClock.Instant?
    }
}
