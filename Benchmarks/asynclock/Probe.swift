// One AsyncLock, held while N tasks queue behind it, then released: the line
// drains one waiter at a time. Prints the wall time of the drain; under
// valgrind the instruction count of the whole run is what is compared.
// Synchronous top-level code that waits on a semaphore, because valgrind
// cannot run an `async` main (it crashes in its signal handling).
import Dispatch

@testable import RundownConcurrency

let waiters = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1000

func drain() async throws -> Duration {
    let lock = AsyncLock("benchmark")
    let release = Gate("the holder releases the lock")
    let holder = Task { try await lock.withLock { try await release.arrive() } }
    try await release.waitUntilParked()
    let queued = (0..<waiters).map { _ in Task.detached { try await lock.withLock {} } }
    try await lock.waitUntilQueued(count: waiters)
    let clock = ContinuousClock()
    let start = clock.now
    release.open()
    try await holder.value
    for waiter in queued { try await waiter.value }
    return start.duration(to: clock.now)
}

let done = DispatchSemaphore(value: 0)
Task.detached {
    let drained = try await drain()
    let seconds = Double(drained.components.seconds) + Double(drained.components.attoseconds) / 1e18
    print("\(waiters) waiters: drained in \(seconds) s")
    done.signal()
}
done.wait()
