// Runs Rundown's examples outside any test framework: each spec runs every
// example, and a failure would be thrown with its path. Run with
// `swift run RundownExamples`.
import Foundation
import Rundown

let examples: [(String, () async throws -> Void)] = [
    ("A stack, specified", stackSpec),
    ("Hooks and their order", hookOrderSpec),
    ("Loops and conditionals", tableSpec),
    ("Shared examples", sharedExamplesSpec),
    ("Async examples", asyncSpec),
    ("Main-actor specs", mainActorSpec),
]

var failed = 0
for (title, run) in examples {
    do {
        try await run()
        print("✔ \(title)")
    } catch {
        failed += 1
        print("✘ \(title): \(error)")
    }
}
print(
    failed == 0 ? "All \(examples.count) example specs passed." : "\(failed) of \(examples.count) example specs failed."
)
if failed > 0 { exit(1) }
