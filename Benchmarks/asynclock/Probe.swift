// One AsyncLock, held while N tasks queue behind it, then released: the line
// drains one waiter at a time. Prints the wall time of queueing and of the
// drain; under valgrind the instruction count of the whole run is compared.
// Synchronous top-level code that waits on a semaphore, because valgrind
// cannot run an `async` main (it crashes in its signal handling).
import Dispatch

@testable import RundownConcurrency

let waiters = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1000

/// How long the waiters took to join the line (each one parks), and then to go through it.
func queueAndDrain() async throws -> (queued: Duration, drained: Duration) {
    let lock = AsyncLock("benchmark")
    let release = Gate("the holder releases the lock")
    let holder = Task { try await lock.withLock { try await release.arrive() } }
    try await release.waitUntilParked()
    let clock = ContinuousClock()
    let start = clock.now
    let queued = (0..<waiters).map { _ in Task.detached { try await lock.withLock {} } }
    try await lock.waitUntilQueued(count: waiters)
    let full = clock.now
    release.open()
    try await holder.value
    for waiter in queued { try await waiter.value }
    return (start.duration(to: full), full.duration(to: clock.now))
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    let (queued, drained) = try await queueAndDrain()
    print("\(waiters) waiters: queued in \(seconds(queued)) s, drained in \(seconds(drained)) s")
    done.signal()
}
done.wait()
