// The explorer's cost: interleavings per second for the pager model of the original story, and
// the cost of one step, for Benchmarks/explore.sh. Not a test: nothing here passes or fails.
import Foundation
import RundownConcurrency

@MainActor
final class FeedService {
    private let schedule: Schedule
    private(set) var feed: [String]

    init(schedule: Schedule, trackCount: Int) {
        self.schedule = schedule
        feed = (1...trackCount).map { "t\($0)" }
    }

    func play(_ track: String) {
        feed.insert(track, at: 0)
    }

    func fetch(offset: Int, limit: Int) async -> [String] {
        await schedule.point("fetch \(offset)")
        let page = Array(feed.dropFirst(offset).prefix(limit))
        await schedule.point("response \(offset)")
        return page
    }
}

@MainActor
final class Pager {
    private let service: FeedService
    private(set) var tracks: [String] = []
    private var generation = 0

    init(service: FeedService) {
        self.service = service
    }

    func refresh() async {
        generation += 1
        let current = generation
        let page = await service.fetch(offset: 0, limit: 4)
        guard current == generation else { return }
        tracks = page
        generation += 1
    }

    func loadMore() async {
        let current = generation
        let page = await service.fetch(offset: tracks.count, limit: 4)
        guard current == generation else { return }
        tracks += page
    }
}

/// One run of the pager race: set-up (uncontrolled), two controlled tasks of three steps each.
@MainActor
func pagerRun(_ schedule: Schedule) async throws {
    let service = FeedService(schedule: schedule, trackCount: 20)
    let pager = Pager(service: service)
    await pager.refresh()
    await pager.loadMore()
    schedule.start("load more") { await pager.loadMore() }
    schedule.start("refresh") {
        service.play("n1")
        await pager.refresh()
    }
    try await schedule.finish()
    if pager.tracks != Array(service.feed.prefix(pager.tracks.count)) { fatalError("the fixed pager failed") }
}

/// `tasks` controlled tasks of `points` points each, doing nothing else: the bare cost of steps.
@MainActor
func bareRun(_ schedule: Schedule, tasks: Int, points: Int) async throws {
    for task in 0..<tasks {
        schedule.start("task \(task)") {
            for point in 0..<points { await schedule.point("p\(point)") }
        }
    }
    try await schedule.finish()
}

/// The same, with tasks that are not isolated to an actor (the body of a plain `@Test func`): they
/// run on the run's executor, which lets their child tasks take turns (issue 32).
func nonisolatedBareRun(_ schedule: Schedule, tasks: Int, points: Int) async throws {
    for task in 0..<tasks {
        schedule.start("task \(task)") {
            for point in 0..<points { await schedule.point("p\(point)") }
        }
    }
    try await schedule.finish()
}

/// One task whose two children (a task group's) take two points each: 6 orders of 4 steps, and the
/// owner's step that waits for them.
func childrenRun(_ schedule: Schedule) async throws {
    schedule.start("owner") {
        await withTaskGroup(of: Void.self) { group in
            for child in 0..<2 {
                group.addTask {
                    await schedule.point("c\(child) a")
                    await schedule.point("c\(child) b")
                }
            }
        }
    }
    try await schedule.finish()
}

struct Measurement {
    var interleavings = 0
    var seconds = 0.0
}

/// Repeats `exploration` until at least `budget` of wall time has passed.
@MainActor
func measure(budget: Double = 2, _ exploration: () async throws -> Exploration) async throws -> Measurement {
    let clock = ContinuousClock()
    var result = Measurement()
    let start = clock.now
    repeat {
        let explored = try await exploration()
        precondition(!explored.failed)
        result.interleavings += explored.interleavings
        let elapsed = start.duration(to: clock.now).components
        result.seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    } while result.seconds < budget
    return result
}

func report(_ name: String, _ measurement: Measurement, stepsPerInterleaving: Int) {
    let perSecond = Double(measurement.interleavings) / measurement.seconds
    let perStep = measurement.seconds / Double(measurement.interleavings * stepsPerInterleaving) * 1e6
    print(
        String(
            format: "%@: %d interleavings in %.2f s: %.0f interleavings/s, %d steps each, %.2f µs/step",
            name, measurement.interleavings, measurement.seconds, perSecond, stepsPerInterleaving, perStep))
}

// Warm-up: the first exploration pays for lazy set-up (settings, the failure watch).
_ = try await explore { try await pagerRun($0) }

let pager = try await measure { try await explore(.everyInterleaving()) { try await pagerRun($0) } }
report("pager, every interleaving (20)", pager, stepsPerInterleaving: 6)
let random = try await measure { try await explore(.random(runs: 200, seed: 1)) { try await pagerRun($0) } }
report("pager, random(runs: 200)", random, stepsPerInterleaving: 6)
let bare = try await measure { try await explore { try await bareRun($0, tasks: 2, points: 4) } }
report("2 bare tasks x 4 points (252)", bare, stepsPerInterleaving: 10)
let three = try await measure { try await explore { try await bareRun($0, tasks: 3, points: 2) } }
report("3 bare tasks x 2 points (1680)", three, stepsPerInterleaving: 9)
let plain = try await measure { try await explore { try await nonisolatedBareRun($0, tasks: 2, points: 4) } }
report("2 bare nonisolated tasks x 4 points (252)", plain, stepsPerInterleaving: 10)
// Before issue 32's child tasks, the children's points return at once: one run of one step.
let children = try await measure { try await explore { try await childrenRun($0) } }
report("2 children x 2 points of one owner (6 orders of 7 steps)", children, stepsPerInterleaving: 7)
let empty = try await measure { try await explore(.random(runs: 100, seed: 1)) { _ in } }
report("empty body, random(runs: 100) (a run's own cost)", empty, stepsPerInterleaving: 1)
let call = try await measure { try await explore { _ in } }
report("empty body, one run (an explore call's own cost)", call, stepsPerInterleaving: 1)
