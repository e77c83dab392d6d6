import Rundown
import Testing

// Code samples of the DocC articles (Sources/Rundown/Rundown.docc) and of
// README.md that are not already in DocSamples.swift or
// MigratingFromQuickSamples.swift, compiled and run. Each sample's text is
// exactly what the documentation shows (DocSampleSyncTests checks that), so
// the checks that it ran sit around it, not inside it.

// GettingStarted.md and README.md: a spec in Swift Testing.
@Test(.specs) func stack() throws {
    try spec {
        let stack = fresh { Stack<Int>() }

        context("when empty") {
            it("has no top") { #expect(stack.value.top == nil) }
        }

        context("after a push") {
            beforeEach { stack.value.push(42) }
            it("has the pushed item on top") { #expect(stack.value.top == 42) }
            it("counts it") { #expect(stack.value.count == 1) }
        }
    }
}

struct Loader {
    func load() async -> [String] {
        await Task.yield()
        return ["title", "body"]
    }
}

private struct ParseError: Error {}

/// A throwing call for GettingStarted.md's checks of throwing code.
private func parse(_ text: String) throws -> Int {
    SampleUse.record()
    guard let number = Int(text) else { throw ParseError() }
    return number
}

// GettingStarted.md: an asynchronous spec.
@Test func loading() async throws {
    try await spec("Loader") {
        var loaded: [String] = []
        beforeEach { loaded = await Loader().load() }
        it("loads two items") { #expect(loaded.count == 2) }
        it("starts with the title") { #expect(loaded.first == "title") }
    }
}

// WhereFailuresAppear.md: the `.specs` trait on a suite.
@Suite(.specs) struct CartSpecs {
    @Test func cart() throws {
        try spec("Cart") {
            it("counts") { #expect(1 + 1 == 2) }
        }
    }
}

@Suite(.failsWhenCancelled) struct ArticleSamples {
    // GettingStarted.md: the forms of a check on throwing code that compile inside `it { … }`
    // (`#expect(try parse("42") == 42)` there does not: the closure is taken for one that cannot throw).
    @Test func throwingCodeInAnExample() throws {
        try expectSampleRan([
            "throwingCodeInAnExample, parses a number", "throwingCodeInAnExample, parses a negative number",
            "throwingCodeInAnExample, parses zero",
        ]) {
            try spec {
                it("parses a number") { try #expect(parse("42") == 42) }
                it("parses a negative number") {
                    let value = try parse("-7")
                    #expect(value == -7)
                }
                it("parses zero") { () throws in #expect(try parse("0") == 0) }
            }
        }
    }

    // WritingSpecs.md: helpers used inline and by name.
    @Test func helpersInlineAndByName() throws {
        try expectSampleRan(["helpersInlineAndByName, when emptied, has nothing left"]) {
            try spec {
                context("when empty") { emptyCollectionExamples { [] } }
                context("when emptied", content: emptiedExamples)  // a function without parameters, by name
            }
        }
    }

    // RunControls.md: exclusion leaves out examples, groups and hooks.
    @Test(.takingOutSkipWarnings) func exclusion() throws {
        var ran: [String] = []
        try spec {
            beforeEach("seed the database", .excluded) { ran.append("seed") }
            it("runs") { ran.append("runs") }
            xIt("is left out for now") { #expect(Bool(false)) }
            xContext("not written yet") {
                it("would fail") { #expect(Bool(false)) }
            }
        }
        #expect(ran == ["runs"])
        #expect(
            SkipWarnings.taken.entries.contains(
                "Skipped:\n  exclusion, is left out for now: skipped (excluded)\n  exclusion, not written yet, would fail: skipped (excluded)"
            ))
    }

    // MigratingFromQuick.md: shared examples in a synchronous spec.
    @Test func sharedExamplesInAContext() throws {
        try spec("Array") {
            context("a collection") { aCollection(of: { [1, 2] }, count: 2) }
        }
    }
}

// IsolationAndTheMainActor.md: a main-actor spec.
@MainActor
@Suite struct TitleSpecs: MainActorSuite {
    @Test func renaming() throws {
        let model = ViewModel()
        try spec {
            it("starts untitled") { #expect(model.title == "Untitled") }
        }
    }
}

// Rundown.md (the landing page): the smallest spec.
struct LandingPageSample {
    @Test(.specs) func stack() throws {
        try spec {
            let stack = fresh { Stack<Int>() }

            context("after a push") {
                beforeEach { stack.value.push(42) }
                it("has the pushed item on top") { #expect(stack.value.top == 42) }
                it("counts it") { #expect(stack.value.count == 1) }
            }
        }
    }
}

// SourceLocations.md: a helper that forwards its caller's location.
private func encode(_ value: String) -> [UInt8] { Array(value.utf8) }
private func decode(_ bytes: [UInt8]) throws -> String { String(decoding: bytes, as: UTF8.self) }

func itRoundTrips<Call: CallKind>(
    _ value: String,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) -> Example<Call> {
    it("round-trips \(value)", fileID: fileID, filePath: filePath, line: line, column: column) {
        let decoded = try decode(encode(value))
        #expect(decoded == value)
    }
}

// Its examples run where the spec calls it; a wrong round trip fails this test.
@Test func theRoundTripHelperRunsItsExamples() throws {
    try spec {
        itRoundTrips("é")
        itRoundTrips("plain")
    }
}

/// A cache of at most `capacity` entries that forgets the oldest first.
struct LRUCache {
    let capacity: Int
    private var entries: [String] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    mutating func insert(_ entry: String) {
        entries.removeAll { $0 == entry }
        entries.append(entry)
        if entries.count > capacity { entries.removeFirst() }
    }

    func contains(_ entry: String) -> Bool { entries.contains(entry) }
}

private func ping(_ host: String) async throws -> Bool {
    await Task.yield()
    return !host.isEmpty
}

// FlakyExamples.md: repeating an example.
@Test(.specs) func cache() throws {
    try spec("Cache") {
        var cache = LRUCache(capacity: 2)
        beforeEach { cache = LRUCache(capacity: 2) }
        it("evicts the oldest entry", .repeated(100)) {
            cache.insert("a")
            cache.insert("b")
            cache.insert("c")
            #expect(!cache.contains("a"))
        }
    }
}

// FlakyExamples.md: retrying an example.
@Test(.specs) func staging() async throws {
    try await spec("Staging") {
        it("answers a ping", .retries(2)) {
            let answered = try await ping("staging.example.com")
            #expect(answered)
        }
    }
}
