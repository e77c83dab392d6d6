#if canImport(Testing)
import RundownTestSupport
import Testing
import RundownConcurrency

/// Behaviour#Waits-always-end, on a reproduction.
///
/// Reproduction (c): a service whose synchronous method starts a task.
///
/// The test that calls `startProcessing()` and then checks `isCompleted` races the task it cannot
/// see. Injecting the task starter gives the test something to wait for.

@MainActor
final class DataService {
    private let tasks: any TaskStarting
    /// Lets a test hold the work mid-way; production code leaves it `nil`.
    var beforeProcessing: (@Sendable () async throws -> Void)?
    private(set) var isCompleted = false
    private(set) var isIndexed = false

    init(tasks: any TaskStarting = .default) {
        self.tasks = tasks
    }

    func startProcessing() {
        tasks.start(name: "process data", priority: .medium) {
            await self.processData()
        }
    }

    private func processData() async {
        try? await beforeProcessing?()
        isCompleted = true
        // Follow-up work goes through the same starter, so a tracking test sees it too.
        tasks.start(name: "index results", priority: .low) {
            self.isIndexed = true
        }
    }
}

/// The original shape: a `Task {}` nobody can wait for.
@MainActor
final class NaiveDataService {
    var beforeProcessing: (@Sendable () async throws -> Void)?
    private(set) var isCompleted = false

    func startProcessing() {
        Task {
            try? await beforeProcessing?()
            isCompleted = true
        }
    }
}

@Suite("A sync method that starts a task", .timeLimit(.minutes(1)))
@MainActor
struct DataServiceRaceTests {
    @Test("the naive check right after startProcessing() sees unfinished work")
    func naiveCheckIsRacy() async throws {
        let service = NaiveDataService()
        let slow = Gate("processing", timeout: patience)
        service.beforeProcessing = { try await slow.arrive() }
        service.startProcessing()
        try await slow.waitUntilParked()

        // What `XCTAssertTrue(service.isCompleted)` would see on an unlucky run, forced here.
        #expect(service.isCompleted == false)

        slow.open()
        // Without a handle on the task, all the test can do is poll.
        try await eventually("the untracked task finished", within: patience) { service.isCompleted }
    }

    @Test("the tracked test waits for the task and its follow-up, so it is deterministic")
    func trackedCheckIsDeterministic() async throws {
        let tasks = TrackingTaskStarter()
        let service = DataService(tasks: tasks)
        service.startProcessing()
        try await tasks.waitForAll(within: patience)

        #expect(service.isCompleted)
        #expect(service.isIndexed)
        #expect(tasks.startedTasks.map(\.name) == ["process data", "index results"])
        #expect(tasks.startedTasks.map(\.priority) == [.medium, .low])
        tasks.expectNoneRunning()
    }

    @Test("the tracked test stays correct when the work is slow")
    func trackedCheckWithSlowWork() async throws {
        let tasks = TrackingTaskStarter()
        let service = DataService(tasks: tasks)
        let slow = Gate("processing", timeout: patience)
        service.beforeProcessing = { try await slow.arrive() }
        service.startProcessing()
        try await slow.waitUntilParked()
        #expect(service.isCompleted == false)

        async let allDone: Void = tasks.waitForAll(within: patience)
        slow.open()
        try await allDone

        #expect(service.isCompleted)
        #expect(service.isIndexed)
        tasks.expectNoneRunning()
    }
}
#endif
