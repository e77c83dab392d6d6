extension ProgressBoard {
    /// A wait of the toolkit on the board, from ``ProgressBoard/noteWait(_:)``
    /// until ``end()``.
    package final class WaitNote: Sendable {
        private let board: ProgressBoard
        /// The closure whose code waits, also in a task it started; `nil` outside specs.
        let closure: (any RunningClosure)?
        /// The wait's lines, made when a report is.
        let describe: @Sendable () -> String

        /// The walk that runs ``closure``, if known: a report of a walk that
        /// does not track its closures names the closure under it.
        let run: Run?

        init(
            board: ProgressBoard, closure: (any RunningClosure)?, run: Run?,
            describe: @escaping @Sendable () -> String
        ) {
            self.board = board
            self.closure = closure
            self.run = run
            self.describe = describe
        }

        /// The wait is over; ending it again is harmless.
        package func end() {
            board.remove(self)
        }
    }
}
