// Runs Rundown's example specs outside any test framework and prints each
// spec's tree with its results. Run with `swift run RundownExamples`.
//
// The tree is the report `RUNDOWN_REPORT=tree` asks for in any run (`swift test`
// too); this tool turns it on for itself before the first spec runs.
import Foundation
import Rundown

setenv("RUNDOWN_REPORT", "tree", 1)

struct Example {
    var title: String
    var file: String
    var lesson: String
    var run: () async throws -> Void
    /// The example shows what a failure looks like: it must fail.
    var failsOnPurpose = false
}

let examples = [
    Example(
        title: "A stack, specified", file: "Stack.swift",
        lesson: "describe/context group examples; each context's beforeEach sets up its own examples.",
        run: stackSpec),
    Example(
        title: "Hooks and their order", file: "Hooks.swift",
        lesson: "beforeAll, aroundEach, beforeEach, afterEach, afterAll: a nested context is one element.",
        run: hookOrderSpec),
    Example(
        title: "Loops and conditionals", file: "Tables.swift",
        lesson: "a for loop makes one example per row; if and #available choose examples.",
        run: tableSpec),
    Example(
        title: "Shared examples", file: "Shared.swift",
        lesson: "examples and hooks returned from functions, used in several groups.",
        run: sharedExamplesSpec),
    Example(
        title: "Async examples", file: "Async.swift",
        lesson: "try await spec { … } runs async hooks and examples; ExampleRunner.current knows the path.",
        run: asyncSpec),
    Example(
        title: "Main-actor specs", file: "MainActor.swift",
        lesson: "in a MainActorSuite every closure runs on the main actor.",
        run: mainActorSpec),
    Example(
        title: "A failure and two skips (on purpose)", file: "Failures.swift",
        lesson: "a failing example is marked ✘ with its message; the others still run. Skip and xIt are skipped.",
        run: failuresSpec, failsOnPurpose: true),
]

print("Rundown's example specs, run outside any test framework. Each tree is what")
print("RUNDOWN_REPORT=tree prints for a spec in any run: its groups, and each example")
print("with ✔, ✘ or skipped and how long it took.")
var unexpected: [String] = []
for (number, example) in examples.enumerated() {
    print("\n\(number + 1). \(example.title)  (Examples/\(example.file))")
    print("   \(example.lesson)\n")
    do {
        try await example.run()
        if example.failsOnPurpose { unexpected.append("\(example.title): it should have failed, and passed") }
    } catch {
        if example.failsOnPurpose {
            print("  spec threw, as expected: \(error)")
        } else {
            unexpected.append("\(example.title): \(error)")
        }
    }
}
print()
if unexpected.isEmpty {
    print("All \(examples.count) example specs did what they show (the one failure is on purpose).")
} else {
    print("\(unexpected.count) of \(examples.count) example specs went wrong:")
    for line in unexpected { print("  ✘ \(line)") }
    exit(1)
}
