// Issue 32's measure of search power, for Benchmarks/explore.sh: for each bug model and each
// strategy, how many runs it takes to meet the bug (median and worst over 20 seeds) and the wall
// time of all of them. Not a test: nothing here passes or fails.
import Foundation
import RundownConcurrency

/// How many runs `strategy` made until its first failing run; `nil` if it met no bug.
func runsUntilFailure(_ strategy: ExplorationStrategy, _ model: BugModel) async -> Int? {
    do {
        // Passed: every run it made passed.
        _ = try await explore(strategy) { try await model.run($0) }
        return nil
    } catch let failure as ExplorationFailure {
        // Past its limit with no failing order, `.everyInterleaving` fails too, with an estimate.
        let exploration = failure.exploration
        return exploration.estimatedInterleavings == nil ? exploration.interleavings : nil
    } catch {
        fatalError("explore threw \(error)")
    }
}

struct Row {
    var found: [Int] = []
    var missed = 0
    var seconds = 0.0

    var cells: String {
        let total = found.count + missed
        guard !found.isEmpty else { return "0/\(total) | – | – | \(format(seconds)) s" }
        let sorted = found.sorted()
        let median = sorted[(sorted.count - 1) / 2]
        let worst = missed > 0 ? "> cap" : "\(sorted.last ?? 0)"
        return "\(found.count)/\(total) | \(median) | \(worst) | \(format(seconds)) s"
    }
}

func format(_ seconds: Double) -> String {
    String(format: seconds < 10 ? "%.2f" : "%.1f", seconds)
}

func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
}

let seeds = UInt64(1)...20
let cap = Int(ProcessInfo.processInfo.environment["RUNS"] ?? "") ?? 3_000
let strategies: [(name: String, seeded: Bool, make: (UInt64) -> ExplorationStrategy)] = [
    (".everyInterleaving()", false, { _ in .everyInterleaving() }),
    (".everyInterleaving(preemptions: 2)", false, { _ in .everyInterleaving(preemptions: 2) }),
    (".random(runs: \(cap))", true, { .random(runs: cap, seed: $0) }),
    (".pct(runs: \(cap), depth: 3)", true, { .pct(runs: cap, depth: 3, seed: $0) }),
]

// Warm-up: the first exploration pays for lazy set-up (settings, the failure watch).
_ = await runsUntilFailure(.everyInterleaving(), pagerStory)

print("| model | strategy | found | median runs | worst | wall, all seeds |")
print("|---|---|---|---|---|---|")
let clock = ContinuousClock()
for model in [pagerStory, lostUpdate, depthThree, lockOrder] {
    for strategy in strategies {
        var row = Row()
        let start = clock.now
        // An exhaustive search draws nothing: one exploration stands for every seed.
        for seed in strategy.seeded ? seeds : seeds.lowerBound...seeds.lowerBound {
            if let runs = await runsUntilFailure(strategy.make(seed), model) {
                row.found.append(runs)
            } else {
                row.missed += 1
            }
        }
        row.seconds = seconds(start.duration(to: clock.now))
        print("| \(model.name) (\(model.shape)) | `\(strategy.name)` | \(row.cells) |")
    }
}
print(
    "(seeded strategies: seeds 1...20, at most \(cap) runs each; exhaustive ones: one exploration, 10,000-order limit)")
