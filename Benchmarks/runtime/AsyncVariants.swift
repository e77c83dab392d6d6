// AsyncProbe's experiments (Benchmarks/runtime.sh copies this file beside
// AsyncProbe.swift): what the async forms cost without their `Task.yield()`,
// and how the floor slows down when its examples do work of their own. Kept
// apart from the forms the budget measures so that those stay as they were.
//
//   AsyncProbe async-nosuspend N          Rundown, each example awaiting an async
//                                         function that does not suspend
//   AsyncProbe minimal-async-nosuspend N  the floor, the same
//   BUSY=K AsyncProbe minimal-async-busy N
//                                         the floor, each example calling the
//                                         counting function K times (default 1000)
//                                         before its `Task.yield()`
import Foundation
import Rundown

@inline(never) func notSuspending() async { work() }

@ExampleBuilder<AsyncCall> func nonSuspendingContext(_ c: Int) -> ExampleGroup<AsyncCall> {
    beforeAll { work() }
    beforeEach { work() }
    for e in 0..<perContext {
        it("example \(e)") { await notSuspending() }
    }
    afterEach { work() }
    afterAll { work() }
}

/// The floor of AsyncProbe.swift with another body per example.
@inline(never) func minimalAsync(body: @escaping @Sendable () async -> Void) async {
    var tree: [MinimalAsyncContext] = []
    for c in 0..<contexts {
        tree.append(
            MinimalAsyncContext(
                name: "context \(c)", beforeAll: { work() }, beforeEach: { work() }, afterEach: { work() },
                afterAll: { work() },
                examples: (0..<perContext).map { e in ("example \(e)", body) }))
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

let busy = Int(ProcessInfo.processInfo.environment["BUSY"] ?? "") ?? 1000

func runVariant(_ mode: String) async throws {
    switch mode {
    case "async-nosuspend":
        try await spec("Probe") {
            for c in 0..<contexts { context("context \(c)") { nonSuspendingContext(c) } }
        }
    case "minimal-async-nosuspend":
        await minimalAsync { await notSuspending() }
    default:
        await minimalAsync {
            for _ in 0..<busy { work() }
            await Task.yield()
            work()
        }
    }
}
