// The bug models of issue 32's benchmark: bodies for `explore` whose every run either passes or
// throws `BugFound`, each needing a different kind of order to fail.
import RundownConcurrency

/// What a model throws in the run whose order meets its bug.
struct BugFound: Error, CustomStringConvertible {
    let description: String
}

/// A bug model: its name in the table, and one run of it.
struct BugModel: Sendable {
    let name: String
    /// How many controlled tasks, and steps in all, a run of it has, for the table.
    let shape: String
    let run: @Sendable (Schedule) async throws -> Void
}

// MARK: - The pager of the original story

/// The feed of the story: new plays go on top, so a page asked for by offset shifts.
actor StoryFeed {
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

/// The pager as it was before `explore` found its second bug: a page of an older generation is
/// dropped, but a refresh that lands does not start a generation of its own, so a load-more that
/// began while the refresh was in flight appends a page of the old list's length to the new list.
actor StoryPager {
    private let feed: StoryFeed
    private(set) var tracks: [String] = []
    private var generation = 0

    init(feed: StoryFeed) {
        self.feed = feed
    }

    func refresh() async {
        generation += 1
        let current = generation
        let page = await feed.fetch(offset: 0, limit: 4)
        guard current == generation else { return }
        tracks = page
    }

    func loadMore() async {
        let current = generation
        let page = await feed.fetch(offset: tracks.count, limit: 4)
        guard current == generation else { return }
        tracks += page
    }
}

/// Load-more and a refresh (after a new play) racing, as in the story: two tasks of three steps.
let pagerStory = BugModel(name: "pager (the story's second bug)", shape: "2 tasks, 6 steps") { schedule in
    let feed = StoryFeed(schedule: schedule, trackCount: 20)
    let pager = StoryPager(feed: feed)
    await pager.refresh()
    await pager.loadMore()
    schedule.start("load more") { await pager.loadMore() }
    schedule.start("refresh") {
        await feed.play("n1")
        await pager.refresh()
    }
    try await schedule.finish()
    let tracks = await pager.tracks
    let top = await Array(feed.feed.prefix(tracks.count))
    if tracks != top { throw BugFound(description: "the list is \(tracks), the feed's top \(top)") }
}

// MARK: - A lost update among three tasks

/// A counter that three tasks increment by reading it, reaching a point, and writing it back; a
/// bug when one of them reads between another's read and write. Each task does some work of its
/// own before and after, so the racy window is a small part of its steps.
let lostUpdate = BugModel(name: "lost update, 3 tasks", shape: "3 tasks, 15 steps") { schedule in
    final class Counter: @unchecked Sendable {
        // Only one controlled task runs at a time, and the body reads it after they have all ended.
        var value = 0
    }
    let counter = Counter()
    for task in ["A", "B", "C"] {
        schedule.start(task) {
            await schedule.point("prepare")
            await schedule.point("ready")
            let read = counter.value
            await schedule.point("write")
            counter.value = read + 1
            await schedule.point("report")
        }
    }
    try await schedule.finish()
    if counter.value != 3 { throw BugFound(description: "counted \(counter.value) of 3") }
}

// MARK: - A depth-3 bug among four tasks of eight points

/// A bug that needs three events in one order and one of them inside a window: A's last step
/// (after its eighth point) before B's first, and C's first step between B's first and second.
/// Four tasks of nine steps each: about 2.1 × 10^19 orders.
let depthThree = BugModel(name: "depth-3 bug, 4 tasks of 8 points", shape: "4 tasks, 36 steps") { schedule in
    final class Flags: @unchecked Sendable {
        // Only one controlled task runs at a time.
        var aFinished = false
        var windowOpen = false
        var seen = false
    }
    let flags = Flags()
    schedule.start("A") {
        for point in 1...8 { await schedule.point("a\(point)") }
        flags.aFinished = true
    }
    schedule.start("B") {
        flags.windowOpen = flags.aFinished
        await schedule.point("b1")
        flags.windowOpen = false
        for point in 2...8 { await schedule.point("b\(point)") }
    }
    schedule.start("C") {
        if flags.windowOpen { flags.seen = true }
        for point in 1...8 { await schedule.point("c\(point)") }
    }
    schedule.start("D") {
        for point in 1...8 { await schedule.point("d\(point)") }
    }
    try await schedule.finish()
    if flags.seen { throw BugFound(description: "C saw B's window open after A had finished") }
}

// MARK: - A lock-order deadlock

/// Two tasks that take two `AsyncLock`s in opposite orders, each after some work of its own: a
/// deadlock when both hold their first lock at once. The explorer sees it as one (every task
/// blocked, nothing on the clock) and fails the run at once, so the run that meets it counts.
let lockOrder = BugModel(name: "lock-order deadlock, 2 tasks", shape: "2 tasks, 2 locks, 12 steps") { schedule in
    let accounts = AsyncLock("accounts")
    let ledger = AsyncLock("ledger")
    schedule.start("transfer") {
        for point in 1...3 { await schedule.point("prepare \(point)") }
        try await accounts.withLock {
            await schedule.point("debited")
            try await ledger.withLock {}
        }
    }
    schedule.start("audit") {
        for point in 1...3 { await schedule.point("count \(point)") }
        try await ledger.withLock {
            await schedule.point("counted")
            try await accounts.withLock {}
        }
    }
    try await schedule.finish()
}
