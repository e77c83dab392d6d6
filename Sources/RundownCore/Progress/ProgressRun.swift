extension ProgressBoard {
    /// One walk of a spec on the board (a spec run, or the walk of one
    /// element of a concurrent group): the closures it runs now, as a stack,
    /// outermost first. Its driver reports each closure's start and end.
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

        /// `closure` starts, inside those running, now (or at `instant`, for a test of the ticker).
        package func started(_ closure: any RunningClosure, at instant: ContinuousClock.Instant = .now) {
            stack.withLock { $0.append(Running(closure: closure, started: instant)) }
        }

        /// The innermost closure ended.
        package func ended() {
            stack.withLock { _ = $0.popLast() }
        }

        /// The closures running now, outermost first.
        var closures: [Running] {
            stack.withLock { $0 }
        }

        /// When `closure` started, if it runs in this walk.
        func started(of closure: any RunningClosure) -> ContinuousClock.Instant? {
            stack.withLock { stack in stack.last { $0.closure === closure }?.started }
        }

        /// What the ticker sees at `now`: whether the innermost closure is due
        /// for a report (past `after` since it started, and `every` since it was
        /// last reported, `slack` early at most), marked reported if so.
        func check(at now: ContinuousClock.Instant, after: Duration, every: Duration, slack: Duration) -> Check {
            stack.withLock { stack in
                guard let innermost = stack.last else { return .idle }
                let due =
                    if let reported = innermost.reported {
                        reported.duration(to: now) >= every - slack
                    } else {
                        innermost.started.duration(to: now) >= after - slack
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
        let started: ContinuousClock.Instant
        /// When the ticker last reported it, if it has.
        var reported: ContinuousClock.Instant?
    }
}
