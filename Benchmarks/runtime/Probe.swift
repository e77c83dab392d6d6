// The probe of Benchmarks/runtime.sh: runs N examples in N/100 contexts, each
// context with beforeAll, beforeEach, afterEach and afterAll, every closure
// incrementing a counter, and prints microseconds per example and peak RSS.
//
//   Probe <sync|async|argument|minimal> N
//
// sync/async: one `spec` of N examples (runtime.sh measures the async form
// with AsyncProbe.swift, which valgrind can run, beside its floor); argument: the same definition as a
// `Spec`, each example run alone (`example.run()`); minimal: no engine, the
// same names built by interpolation and the same closures called in the same
// order from plain arrays, the floor any engine is compared with.
import Foundation
import Rundown

nonisolated(unsafe) var counter = 0

@inline(never) func work() { counter &+= 1 }

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "sync"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1000 : 1000
let contexts = max(1, count / 100)
let perContext = count / contexts

@ExampleBuilder<SyncCall> func syncContext(_ c: Int) -> ExampleGroup<SyncCall> {
    beforeAll { work() }
    beforeEach { work() }
    for e in 0..<perContext { it("example \(e)") { work() } }
    afterEach { work() }
    afterAll { work() }
}

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

struct MinimalContext {
    var name: String
    var beforeAll: () -> Void, beforeEach: () -> Void, afterEach: () -> Void, afterAll: () -> Void
    var examples: [(String, () -> Void)]
}

@inline(never) func minimal() {
    var tree: [MinimalContext] = []
    for c in 0..<contexts {
        tree.append(
            MinimalContext(
                name: "context \(c)", beforeAll: { work() }, beforeEach: { work() }, afterEach: { work() },
                afterAll: { work() },
                examples: (0..<perContext).map { e in ("example \(e)", { work() }) }))
    }
    var names = 0
    for context in tree {
        let groupPath = "Probe, \(context.name)"
        context.beforeAll()
        for (name, body) in context.examples {
            let path = "\(groupPath), \(name)"
            names &+= path.utf8.count
            context.beforeEach()
            body()
            context.afterEach()
        }
        context.afterAll()
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

let start = ContinuousClock.now
switch mode {
case "sync":
    try spec("Probe") {
        for c in 0..<contexts { context("context \(c)") { syncContext(c) } }
    }
case "async":
    try await spec("Probe") {
        for c in 0..<contexts { context("context \(c)") { asyncContext(c) } }
    }
case "argument":
    let definition = Spec.synchronous("Probe") {
        for c in 0..<contexts { context("context \(c)") { syncContext(c) } }
    }
    for example in definition.examples { try example.run() }
case "minimal":
    minimal()
default:
    print("unknown mode \(mode)")
    exit(2)
}
let elapsed = start.duration(to: .now)
let (seconds, attoseconds) = elapsed.components
let micros = Double(seconds) * 1e6 + Double(attoseconds) / 1e12
print(
    String(
        format: "%@ %d %.4f us/example %.0f MB counter=%d", mode, count, micros / Double(count), peakMegabytes(),
        counter))
