// expect-error: here: write 'try await spec { … }' inside an 'async' function (top-level code picks the synchronous 'spec')
import Rundown

// Top-level code (main.swift, or a single file compiled alone like this one):
// Swift picks the synchronous `spec` even after `try await`, so an `async`
// closure fails, and the error says what to do instead. The two forms after
// it compile: a spec in an async function, and one that names its call kind.
func value() async -> Int { 1 }

try await spec {
    it("awaits") { _ = await value() }  // line: here
}

func inAnAsyncFunction() async throws {
    try await spec {
        it("awaits") { _ = await value() }
    }
}

try await spec { () -> ExampleGroup<AsyncCall> in
    it("awaits") { _ = await value() }
}
