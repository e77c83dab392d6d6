/// The controlled task the current code runs in, so a `point` or a `sleep` knows whose step it
/// ends; bound by the task's own wrapper around its operation.
struct ControlledTask: Sendable {
    let run: ScheduleRun
    let id: Int

    @TaskLocal static var current: ControlledTask?

    /// Runs `operation` as task `id` of `run`: waits for the first grant, runs the operation with
    /// the task bound, and reports its end.
    ///
    /// If the run stopped before the task's first step, the operation still runs, cancelled and
    /// outside the explorer's control (its points return at once): a body that waits for what the
    /// task does (a stream it finishes, a flag it sets) then gets on to its end.
    static func runThrowing<Success: Sendable>(
        _ id: Int, of run: ScheduleRun,
        operation: () async throws -> Success
    ) async throws -> Success {
        _ = await run.arriveAtStart(id)
        do {
            let value = try await $current.withValue(ControlledTask(run: run, id: id)) { try await operation() }
            run.end(id, error: nil)
            return value
        } catch {
            run.end(id, error: error)
            throw error
        }
    }

    /// The same for an operation that cannot fail.
    static func run<Success: Sendable>(
        _ id: Int, of run: ScheduleRun,
        operation: () async -> Success
    ) async -> Success {
        _ = await run.arriveAtStart(id)
        let value = await $current.withValue(ControlledTask(run: run, id: id)) { await operation() }
        run.end(id, error: nil)
        return value
    }
}
