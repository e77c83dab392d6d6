// How late each of the toolkit's deadlines fires: the wall time from the call to the error,
// less the deadline. The tests check which deadline fired and what it said, never how
// punctually (on a loaded machine a 50 ms deadline has fired seconds late); this prints it.
// Arguments: the deadline in milliseconds and the number of samples of each wait. Synchronous
// top-level code that waits on a semaphore, as the other probes are.
import Dispatch
import RundownConcurrency

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let deadline = Duration.milliseconds(arguments.first ?? 50)
let samples = arguments.dropFirst().first ?? 20

/// The waits measured, each provoked to run out: nobody opens the gate, nobody parks, the condition
/// never holds, the tracked task never ends, the holder never lets the lock go.
let waits: [(name: String, run: @Sendable () async throws -> Void)] = [
    ("Gate.arrive(within:)", { try await Gate("never opened").arrive(within: deadline) }),
    ("Gate.waitUntilParked(within:)", { try await Gate("never reached").waitUntilParked(within: deadline) }),
    ("eventually(within:)", { try await eventually("never", within: deadline) { false } }),
    (
        "TrackingTaskStarter.waitForAll(within:)",
        {
            let tasks = TrackingTaskStarter()
            let stuck = Gate("stuck", timeout: .seconds(600))
            tasks.start(name: "stuck") { try? await stuck.arrive() }
            try await stuck.waitUntilParked()
            defer { stuck.open() }
            try await tasks.waitForAll(within: deadline)
        }
    ),
    (
        "AsyncLock.withLock(within:)",
        {
            let lock = AsyncLock("held")
            let release = Gate("release", timeout: .seconds(600))
            Task { try await lock.withLock { try await release.arrive() } }
            try await release.waitUntilParked()
            defer { release.open() }
            try await lock.withLock(within: deadline) {}
        }
    ),
]

/// `duration` in milliseconds, to a tenth.
func milliseconds(_ duration: Duration) -> Double {
    let exact = Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
    return (exact * 10).rounded() / 10
}

/// How late one run of `wait` gave up, past its deadline.
func lateness(_ wait: @Sendable () async throws -> Void) async -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    do {
        try await wait()
        fatalError("the wait did not run out")
    } catch {
        return start.duration(to: clock.now) - deadline
    }
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    print("| wait | deadline ms | samples | late ms min | median | max |")
    print("|---|---:|---:|---:|---:|---:|")
    for (name, run) in waits {
        var late: [Duration] = []
        for _ in 0..<samples { late.append(await lateness(run)) }
        late.sort()
        print(
            "| \(name) | \(milliseconds(deadline)) | \(samples) | \(milliseconds(late[0])) "
                + "| \(milliseconds(late[late.count / 2])) | \(milliseconds(late[late.count - 1])) |")
    }
    done.signal()
}
done.wait()
