// The asynchronous probe of Benchmarks/runtime.sh: the same tree as Probe's
// (N examples in N/100 contexts, each context with beforeAll, beforeEach,
// afterEach and afterAll, every closure incrementing a counter, every example
// awaiting one `Task.yield()`), run by Rundown or by the asynchronous floor.
//
//   AsyncProbe <async|minimal-async> N
//   AsyncProbe <sleeping|sleeping-concurrent> N
//   AsyncProbe build-async N
//
// async: one `spec` of N examples whose closures are async; minimal-async: no
// engine, the same names built by interpolation and the same async closures
// awaited in the same order from plain arrays, the floor an async engine is
// compared with. sleeping: one group of N examples that each sleep 50 ms, one
// after another; sleeping-concurrent: the same group marked `.concurrent`,
// at most RUNDOWN_PARALLEL at a time (wall clock only: it measures waiting).
// build-async: only builds async's tree and frees it, so that callgrind (and
// the clock) can tell what building an example costs from what running it costs.
// AsyncVariants.swift adds async-nosuspend, minimal-async-nosuspend and
// minimal-async-busy, experiments the budget does not measure.
//
// Its top-level code does not await: the work runs in a task while the main
// thread waits on a semaphore. valgrind cannot run a Swift program whose main
// thread parks in libdispatch's `dispatch_main` (an async top level does), so
// this is what lets callgrind count the async forms' instructions.
import Dispatch
import Foundation
import Rundown

nonisolated(unsafe) var counter = 0

@inline(never) func work() { counter &+= 1 }

/// The sleepers' count: their examples may run at once, so it is kept under a
/// lock, where `counter`, which only one task at a time touches, is not.
let sleptLock = NSLock()
nonisolated(unsafe) var slept = 0

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "async"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let contexts = max(1, count / 100)
let perContext = count / contexts

@ExampleBuilder<AsyncCall> func asyncContext(_ c: Int) -> ExampleGroup<AsyncCall> {
    beforeAll { work() }
    beforeEach { work() }
    for e in 0..<perContext {
        it("example \(e)") {
            await Task.yield()
            work()
        }
    }
    afterEach { work() }
    afterAll { work() }
}

struct MinimalAsyncContext {
    var name: String
    var beforeAll: () async -> Void, beforeEach: () async -> Void, afterEach: () async -> Void
    var afterAll: () async -> Void
    var examples: [(String, () async -> Void)]
}

@inline(never) func minimalAsync() async {
    var tree: [MinimalAsyncContext] = []
    for c in 0..<contexts {
        tree.append(
            MinimalAsyncContext(
                name: "context \(c)", beforeAll: { work() }, beforeEach: { work() }, afterEach: { work() },
                afterAll: { work() },
                examples: (0..<perContext).map { e in
                    (
                        "example \(e)",
                        {
                            await Task.yield()
                            work()
                        }
                    )
                }))
    }
    var names = 0
    for context in tree {
        let groupPath = "Probe, \(context.name)"
        await context.beforeAll()
        for (name, body) in context.examples {
            let path = "\(groupPath), \(name)"
            names &+= path.utf8.count
            await context.beforeEach()
            await body()
            await context.afterEach()
        }
        await context.afterAll()
    }
    if names == 0 { print("") }
}

func peakMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
    #endif
}

@ExampleBuilder<AsyncCall> func sleepers() -> ExampleGroup<AsyncCall> {
    for e in 0..<count {
        it("example \(e)") {
            try await Task.sleep(for: .milliseconds(50))
            sleptLock.withLock { slept += 1 }
        }
    }
}

@ExampleBuilder<AsyncCall> func wholeAsyncTree() -> ExampleGroup<AsyncCall> {
    for c in 0..<contexts { context("context \(c)") { asyncContext(c) } }
}

func report(since start: ContinuousClock.Instant) {
    let elapsed = start.duration(to: .now)
    let (seconds, attoseconds) = elapsed.components
    let micros = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    print(
        String(
            format: "%@ %d %.4f us/example %.0f MB counter=%d", mode, count, micros / Double(count), peakMegabytes(),
            counter + slept))
}

let variants = ["async-nosuspend", "minimal-async-nosuspend", "minimal-async-busy"]
if mode == "build-async" {
    let start = ContinuousClock.now
    withExtendedLifetime(wholeAsyncTree()) {}
    report(since: start)
    exit(0)
}
guard (["async", "minimal-async", "sleeping", "sleeping-concurrent"] + variants).contains(mode) else {
    print("unknown mode \(mode)")
    exit(2)
}
let done = DispatchSemaphore(value: 0)
let start = ContinuousClock.now
// Detached: a task of top-level code would belong to the main actor, whose
// thread waits below.
Task.detached {
    switch mode {
    case "async":
        try await spec("Probe") {
            for c in 0..<contexts { context("context \(c)") { asyncContext(c) } }
        }
    case "sleeping":
        try await spec("Probe") { describe("sleepers") { sleepers() } }
    case "sleeping-concurrent":
        try await spec("Probe") { describe("sleepers", .concurrent) { sleepers() } }
    case _ where variants.contains(mode):
        try await runVariant(mode)
    default:
        await minimalAsync()
    }
    done.signal()
}
done.wait()
report(since: start)
