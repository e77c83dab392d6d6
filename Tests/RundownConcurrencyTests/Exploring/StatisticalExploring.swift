import Foundation
import RundownConcurrency
import Testing

/// The tests whose claims are about many runs (PCT over twenty seeds, uniform samples, size
/// estimates), one after another: each holds a core for a while, and several at once starve the
/// rest of the suite (explorer steps and toolkit waits past their deadlines) under
/// ThreadSanitizer.
@Suite("Exploring strategies, measured over many runs", .serialized)
enum StatisticalExploring {
    /// Whether this test process runs under ThreadSanitizer (`swift test --sanitize=thread`), whose
    /// runtime is linked into the process only then.
    ///
    /// Under it an explorer's step costs 20 to 30 times as much, and twenty seeds of PCT take over
    /// a minute on two cores. The PCT test then runs fewer seeds: what the sanitizer checks (the
    /// races of the explorer itself) a few seeds show as well as twenty, and the ordinary build
    /// holds the claim about twenty.
    static let underThreadSanitizer: Bool = dlsym(dlopen(nil, RTLD_NOW), "__tsan_init") != nil
}

/// Orders of tasks that only take steps, counted by brute force, to hold the explorer's counts
/// to.
enum BruteForceOrders {
    /// The name of the task at `index` in start order: A, B, C, ….
    static func name(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(65 + index)))
    }

    /// Starts on `schedule` the controlled tasks whose orders ``all(shape:)`` lists: task `i`,
    /// named ``name(_:)``, takes `shape[i]` steps with a point between each two, and logs each step
    /// by its name as it takes it.
    static func startTasks(of shape: [Int], on schedule: Schedule, log: EventLog) {
        for (task, steps) in shape.enumerated() {
            let name = name(task)
            schedule.start(name) {
                for step in 1...steps {
                    if step > 1 { await schedule.point("p\(step)") }
                    log.append("\(name)\(step)")
                }
            }
        }
    }

    /// Every order of the steps of tasks of `shape`'s lengths, by plain recursion; a step is named
    /// by its task and its number (`A1` is A's first).
    static func all(shape: [Int]) -> [[String]] {
        func orders(_ taken: [Int]) -> [[String]] {
            var all: [[String]] = []
            for task in shape.indices where taken[task] < shape[task] {
                var next = taken
                next[task] += 1
                let step = "\(name(task))\(next[task])"
                let rest = orders(next)
                all += rest.isEmpty ? [[step]] : rest.map { [step] + $0 }
            }
            return all
        }
        return orders(shape.map { _ in 0 })
    }

    /// How many times `order` passes from a task that has steps left to another task.
    static func preemptions(in order: [String]) -> Int {
        var count = 0
        for (index, (previous, next)) in zip(order, order.dropFirst()).enumerated() where previous.first != next.first {
            if order[(index + 1)...].contains(where: { $0.first == previous.first }) { count += 1 }
        }
        return count
    }

    /// How many orders tasks of `shape`'s lengths have: the multinomial coefficient
    /// (Σ k)! / ∏ k!, as a `Double` (it passes `Int` at four tasks of nine steps).
    static func count(shape: [Int]) -> Double {
        var count = 1.0
        var total = 0
        for steps in shape {
            for step in stride(from: 1, through: steps, by: 1) {
                total += 1
                count = count * Double(total) / Double(step)
            }
        }
        return count.rounded()
    }
}
