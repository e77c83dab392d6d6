/// `eventually` inside `explore`: in a controlled task it waits between checks on the schedule's
/// virtual clock, each pause ending the task's step, so another task can act between two checks
/// and the deadline is virtual time; the result then depends on the order, never on how busy the
/// machine is.
///
/// Anywhere else it polls in wall time, as it always has; telling the two apart costs one
/// task-local read.
func pollOnItsClock<Value>(
    _ site: PollSite,
    isolation: isolated (any Actor)?,
    _ attempt: () async throws -> (Value?, String)
) async throws -> Value {
    if let controlled = ControlledTask.takingStep {
        return try await poll(site, clock: VirtualClock(run: controlled.run), isolation: isolation, attempt)
    }
    return try await poll(site, isolation: isolation, attempt)
}
