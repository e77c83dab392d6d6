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
        /// The closures running, and what the readers of the board noted of them.
        private let state = Protected(State())

        /// The closures running, outermost first (an `aroundEach` hook below what its body runs),
        /// which the driver pushes and pops, and their stamps, which only readers write.
        private struct State {
            /// Only references, so that a push and a pop copy one reference each.
            var closures: [any RunningClosure] = []
            /// What readers noted of each closure, by depth: kept while the same closure is at that
            /// depth. A stamp holds its closure, so that no other closure can take its address.
            var stamps: [Running] = []

            /// Stamps the closures not seen before with `now` and forgets those that ended; the
            /// closures with their stamps, outermost first.
            mutating func stamped(_ now: ContinuousClock.Instant) -> [Running] {
                if stamps.count > closures.count { stamps.removeLast(stamps.count - closures.count) }
                for (depth, closure) in closures.enumerated() {
                    if depth < stamps.count {
                        if stamps[depth].closure !== closure { stamps[depth] = Running(closure: closure, started: now) }
                    } else {
                        stamps.append(Running(closure: closure, started: now))
                    }
                }
                return stamps
            }
        }

        /// Whether its driver reports each closure's start: only where
        /// `RUNDOWN_PROGRESS_AFTER` is set. A run that does not is listed
        /// with when it started, and its closures only where they wait in
        /// the toolkit (each wait knows its closure and its walk).
        package let tracksClosures: Bool
        /// When the walk started.
        let since: ContinuousClock.Instant

        init(spec: String, test: String?, tracksClosures: Bool) {
            self.spec = spec
            self.test = test
            self.tracksClosures = tracksClosures
            since = .now
        }

        /// `closure` starts at `depth` (how many `aroundEach` hooks of the walk
        /// run around it), replacing what ran there before, which has ended:
        /// the driver reports only starts, one lock each, and what ended stays
        /// on the board only until the walk's next closure starts.
        package func runs(_ closure: any RunningClosure, at depth: Int) {
            state.withLock { state in
                if state.closures.count > depth { state.closures.removeLast(state.closures.count - depth) }
                state.closures.append(closure)
            }
        }

        /// Nothing of the walk runs at `depth` or deeper any more: an
        /// `aroundEach` hook ended, or the walk waits for the walks of a
        /// concurrent group's elements, which are on the board themselves.
        package func leaves(depth: Int) {
            state.withLock { state in
                if state.closures.count > depth { state.closures.removeLast(state.closures.count - depth) }
            }
        }

        /// The walk ended: forgets its closures and their stamps, so that the
        /// run, which the walk (and a report under way) may still hold, keeps
        /// no runner alive.
        func clear() {
            state.withLock { state in
                state.closures.removeAll()
                state.stamps.removeAll()
            }
        }

        /// `closure` starts, inside those running.
        package func started(_ closure: any RunningClosure) {
            state.withLock { $0.closures.append(closure) }
        }

        /// `closure` starts, inside those running, at `instant`: for a test of the ticker.
        package func started(_ closure: any RunningClosure, at instant: ContinuousClock.Instant) {
            state.withLock { state in
                _ = state.stamped(instant)
                state.closures.append(closure)
                _ = state.stamped(instant)
            }
        }

        /// The innermost closure ended.
        package func ended() {
            state.withLock { _ = $0.closures.popLast() }
        }

        /// The closures running now, outermost first, those not seen before stamped `now`.
        func closures(stamping now: ContinuousClock.Instant) -> [Running] {
            state.withLock { $0.stamped(now) }
        }

        /// When `closure` started, if it runs in this walk, stamped `now` if not seen before.
        func started(of closure: any RunningClosure, stamping now: ContinuousClock.Instant) -> ContinuousClock.Instant?
        {
            state.withLock { $0.stamped(now).last { $0.closure === closure }?.started }
        }

        /// What the ticker sees at `now`, with the closures not seen before
        /// stamped: whether the innermost closure is due for a report (past
        /// `after` since it started, and `every` since it was last reported,
        /// `slack` early at most), marked reported if so. With no `after`, it
        /// only stamps, and says `idle`.
        func check(at now: ContinuousClock.Instant, after: Duration?, every: Duration, slack: Duration) -> Check {
            state.withLock { state in
                let closures = state.stamped(now)
                guard let innermost = closures.last else { return .idle }
                // Only stamping: no copy of the closures leaves the lock.
                guard let after else { return .idle }
                let due =
                    if let reported = innermost.reported {
                        reported.duration(to: now) >= every - slack
                    } else {
                        innermost.started.duration(to: now) >= after - slack
                    }
                guard due else { return .running(closures) }
                state.stamps[closures.count - 1].reported = now
                return .due(closures)
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

    /// A closure that runs, as a reader of the board saw it.
    package struct Running: Sendable {
        let closure: any RunningClosure
        /// When the board first saw it running (see ``Run``).
        var started: ContinuousClock.Instant
        /// When the ticker last reported it, if it has.
        var reported: ContinuousClock.Instant?
    }
}
