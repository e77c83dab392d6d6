#if canImport(Testing)
import Testing
import RundownConcurrency

// Code samples of the DocC articles in Sources/RundownConcurrency/RundownConcurrency.docc
// that are not already in DocSamples.swift, compiled and run. Each sample's text is exactly
// what the article shows (DocSampleSyncTests checks that).

// MARK: - ForcingAnInterleaving.md

@MainActor
final class History {
    private let service: HistoryService
    private(set) var tracks: [String] = []
    private var generation = 0

    init(service: HistoryService) {
        self.service = service
    }

    func refresh() async throws {
        generation += 1
        let current = generation
        let page = try await service.fetch(offset: 0, limit: 4)
        guard current == generation else { return }  // a newer refresh started meanwhile
        tracks = page
    }

    func loadMore() async throws {
        let current = generation
        let offset = tracks.count  // read together with the generation, before any await
        let page = try await service.fetch(offset: offset, limit: 4)
        guard current == generation else { return }  // a refresh replaced the list meanwhile
        tracks += page
    }
}

actor HistoryService {
    private var feed = (1...20).map { "t\($0)" }
    private var hold: (@Sendable (_ offset: Int) async throws -> Void)?

    func holdResponses(_ hold: (@Sendable (_ offset: Int) async throws -> Void)?) {
        self.hold = hold
    }

    func play(_ track: String) {
        feed.insert(track, at: 0)
    }

    func fetch(offset: Int, limit: Int) async throws -> [String] {
        let page = Array(feed.dropFirst(offset).prefix(limit))
        try await hold?(offset)
        return page
    }
}

@Suite("Article samples", .timeLimit(.minutes(1)))
struct ArticleSamples {
    @Test @MainActor func aRefreshDuringLoadMoreKeepsTheNewList() async throws {
        let service = HistoryService()
        let history = History(service: service)
        try await history.refresh()  // t1 t2 t3 t4

        let response = Gate("load-more response")
        await service.holdResponses { offset in
            if offset > 0 { try await response.arrive() }  // only load-more waits
        }
        let loading = Task { try await history.loadMore() }  // reads t5 to t8, then waits at the gate
        try await response.waitUntilParked()

        await service.play("new")
        try await history.refresh()  // new t1 t2 t3
        response.open()
        try await loading.value

        #expect(history.tracks == ["new", "t1", "t2", "t3"])
    }

    // MARK: - TrackingTasks.md

    @Test func cancellingWhatNeverEnds() async throws {
        let tasks = TrackingTaskStarter()
        tasks.start(name: "poll the inbox") {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        tasks.cancelAll()
        try await tasks.waitForAll()
        tasks.expectNoneRunning()
        #expect(tasks.startedTasks.map(\.name) == ["poll the inbox"])
    }
}
// MARK: - RundownTasks.md (the RundownTasks landing page)

struct TasksLandingPage {
    @MainActor
    final class Uploader {
        private let tasks: any TaskStarting
        init(tasks: any TaskStarting = .default) {
            self.tasks = tasks
        }
        func uploadLater(_ file: String) {
            tasks.start(name: "upload \(file)") { await self.upload(file) }
        }
        private func upload(_ file: String) async {
            // send the file
        }
    }

    @Test @MainActor func theUploaderStartsItsUploadThroughTheStarter() async throws {
        let tasks = TrackingTaskStarter()
        TasksLandingPage.Uploader(tasks: tasks).uploadLater("a.jpg")
        try await tasks.waitForAll()
        #expect(tasks.startedTasks.map(\.name) == ["upload a.jpg"])
    }
}
#endif
