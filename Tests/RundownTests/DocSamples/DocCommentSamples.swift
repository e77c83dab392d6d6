import Rundown
import Testing

// Samples of `///` comments in Sources/Rundown and Sources/RundownDSL that need a context of their
// own, each exactly as the comment shows it (DocSampleSyncTests checks that). The others are in
// DocSamples.swift.

/// The `spec` functions' doc comment (SpecEntryPoints.generated.swift).
struct SpecFunctionDocSample {
    @Test func stack() throws {
        try spec {
            context("when empty") { emptyStackExamples() }
        }
    }
}

/// MainActorSuite's doc comment.
enum MainActorSuiteDocSample {
    @MainActor final class ViewModel { var title = "Untitled" }

    @MainActor
    @Suite struct ViewModelSpecs: MainActorSuite {
        @Test func renaming() throws {
            let model = ViewModel()
            try spec {
                it("starts untitled") { #expect(model.title == "Untitled") }
            }
        }
    }
}

/// The `.specs` trait's doc comment (SpecsTrait.swift).
private func parse(_ text: String) -> Int? { Int(text) }

enum SpecsTraitDocSample {
    @Suite(.specs) struct ParserSpecs {
        @Test func parser() throws {
            try spec {
                it("parses") { #expect(parse("1") == 1) }
            }
        }
    }
}

/// `ExampleTrait.labels(_:)`'s doc comment (ExampleTrait.swift).
struct LabelsDocSample {
    @Test func orders() throws {
        try spec {
            describe("Orders", .labels("db")) {
                it("saves") {}
                it("exports a year", .labels("slow")) {}
            }
        }
    }
}

/// `ExampleTrait.concurrent`'s doc comment (ExampleTrait.swift) and WritingSpecs' "Concurrent groups".
private func fetch(_ name: String) async throws { await Task.yield() }

struct ConcurrentDocSample {
    @Test func downloads() async throws {
        try await spec {
            describe("Downloads", .concurrent) {
                it("fetches the catalogue") { try await fetch("catalogue") }
                it("fetches the prices") { try await fetch("prices") }
            }
        }
    }
}

/// `ExampleTrait.repeated(_:)`'s and `.retries(_:)`'s doc comments (ExampleTrait.swift).
private func evictsOldest() throws {}
private func ping(_ server: String) async throws { await Task.yield() }
private let staging = "staging.example.com"

struct RepeatedDocSample {
    @Test func cache() throws {
        try spec {
            describe("Cache", .repeated(100)) {
                it("evicts the oldest entry") { try evictsOldest() }
            }
        }
    }

    @Test func retried() async throws {
        try await spec {
            it("reaches the staging server", .retries(2)) { try await ping(staging) }
        }
    }
}
