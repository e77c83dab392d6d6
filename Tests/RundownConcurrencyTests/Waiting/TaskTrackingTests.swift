#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Waits-always-end: the tasks a service starts through the task-starting seam, waited for with
/// a deadline.
@Suite("Tracking started tasks", .timeLimit(.minutes(1)))
struct TaskTrackingTests {
    @Test("waitForAll waits for nested tasks, including ones started while it waits")
    func waitsForNestedTasks() async throws {
        let tasks = TrackingTaskStarter()
        let parentGate = Gate("parent", timeout: patience)
        let childGate = Gate("child", timeout: patience)
        let log = EventLog()

        tasks.start(name: "parent") {
            try? await parentGate.arrive()
            tasks.start(name: "child") {
                try? await childGate.arrive()
                tasks.start(name: "grandchild") { log.append("grandchild") }
                log.append("child")
            }
            log.append("parent")
        }
        try await parentGate.waitUntilParked()
        async let everything: Void = tasks.waitForAll(within: patience)

        parentGate.open()
        try await childGate.waitUntilParked()  // the child exists only now
        childGate.open()
        try await everything

        #expect(Set(log.all) == ["parent", "child", "grandchild"])
        #expect(tasks.runningTasks.isEmpty)
        let started = tasks.startedTasks
        #expect(started.map(\.name) == ["parent", "child", "grandchild"])
        #expect(started.map(\.parentID) == [nil, 1, 2])
        #expect(tasks.expectNoneRunning())
    }

    @Test("names and priorities are recorded and passed on to the real tasks")
    func namesAndPriorities() async throws {
        let tasks = TrackingTaskStarter()
        let seenName = Locked<String?>(nil)
        tasks.start(name: "sync inbox", priority: .low) {
            if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
                seenName.withLock { $0 = Task.name }
            }
        }
        tasks.start(priority: .high) {}
        try await tasks.waitForAll(within: patience)

        let started = tasks.startedTasks
        #expect(started.map(\.name) == ["sync inbox", nil])
        #expect(started.map(\.priority) == [.low, .high])
        try #require(started.count == 2)
        #expect(started[1].label == "unnamed task #2")
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            #expect(seenName.current == "sync inbox")
        }
    }

    @Test("results and errors come back through the returned task")
    func returnsTheTask() async throws {
        struct Failure: Error {}
        let tasks = TrackingTaskStarter()
        let value = tasks.start(name: "value") { 21 * 2 }
        let failing = tasks.start(name: "throws") { () async throws -> Int in throw Failure() }
        #expect(await value.value == 42)
        await #expect(throws: Failure.self) { try await failing.value }
        try await tasks.waitForAll(within: patience)
    }

    @Test("cancelAll cancels every running task")
    func cancelAll() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("never opened", timeout: patience)
        let outcomes = EventLog()
        for index in 1...3 {
            tasks.start(name: "worker \(index)") {
                do {
                    try await gate.arrive()
                    outcomes.append("opened")
                } catch {
                    outcomes.append(error is CancellationError ? "cancelled" : "other")
                }
            }
        }
        try await gate.waitUntilParked(count: 3)
        tasks.cancelAll()
        try await tasks.waitForAll(within: patience)
        #expect(outcomes.all == ["cancelled", "cancelled", "cancelled"])
    }

    @Test("expectNoneRunning reports at its own call, through the routing a spec binds")
    func stillRunningLocation() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("located upload", timeout: patience)
        tasks.start(name: "upload") { try? await gate.arrive() }
        try await gate.waitUntilParked()
        let line = SourceLine.marked("expect none running")
        let received = FailureCollector.collecting {
            tasks.expectNoneRunning()  // line: expect none running
        }
        let failure = try #require(received.first)
        #expect(failure.message.hasPrefix("1 tracked task(s) still running: 'upload'"))
        #expect(failure.location.fileID.hasSuffix("TaskTrackingTests.swift"))
        #expect(failure.location.line == line)
        gate.open()
        try await tasks.waitForAll(within: patience)
    }

    @Test("once the returned task's value is in, the record says the task is done")
    func valueMeansFinished() async throws {
        let tasks = TrackingTaskStarter()
        for round in 0..<200 {
            let task = tasks.start { round }
            #expect(await task.value == round)
            #expect(tasks.runningTasks.isEmpty)
        }
    }

    @Test("tasks still running at the end are reported by name")
    func stillRunningFailure() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("upload in flight", timeout: patience)
        tasks.start(name: "upload", priority: .background) { try? await gate.arrive() }
        try await gate.waitUntilParked()

        withKnownIssue {
            tasks.expectNoneRunning()
        } matching: { issue in
            issue.description.contains("1 tracked task(s) still running: 'upload' (priority background)")
        }

        gate.open()
        try await tasks.waitForAll(within: patience)
        #expect(tasks.expectNoneRunning())
    }

    // reaches: TaskTrackingError
    @Test("waitForAll gives up at its deadline and lists what is still running")
    func waitForAllTimeout() async throws {
        let tasks = TrackingTaskStarter()
        let gate = Gate("stuck", timeout: patience)
        tasks.start(name: "stuck download") { try? await gate.arrive() }
        try await gate.waitUntilParked()

        let error = await caughtError { try await tasks.waitForAll(within: .milliseconds(50)) }
        let trackingError = try #require(error as? TaskTrackingError)
        #expect(trackingError.waited == .milliseconds(50))
        #expect(trackingError.stillRunning.map(\.name) == ["stuck download"])
        #expect(String(describing: trackingError).contains("1 still running: 'stuck download'"))

        tasks.cancelAll()
        try await tasks.waitForAll(within: patience)
    }

    @Test("the default starter just starts the task")
    func defaultStarter() async throws {
        let starter: any TaskStarting = .default
        let task = starter.start(name: "plain") { "done" }
        #expect(await task.value == "done")
    }
}

/// A main-actor model that starts work the way a view model does.
@MainActor
final class RefreshingModel {
    private let tasks: any TaskStarting
    private(set) var refreshCount = 0

    init(tasks: any TaskStarting) {
        self.tasks = tasks
    }

    func refreshInBackground() {
        tasks.start(name: "refresh") {
            await Task.yield()
            self.refreshCount += 1
        }
    }
}

@Suite("Tracking tasks started on the main actor", .timeLimit(.minutes(1)))
@MainActor
struct MainActorTrackingTests {
    @Test(
        "operations started on the main actor begin in the order they were started, interleaved with plain Task { }"
    )
    func startOrderIsKept() async throws {
        let tasks = TrackingTaskStarter()
        let order = MainActorLog()
        var plain: [Task<Void, Never>] = []
        for index in 0..<1_000 {
            tasks.start { order.values.append(2 * index) }
            plain.append(Task { order.values.append(2 * index + 1) })
        }
        try await tasks.waitForAll(within: patience)
        for task in plain { await task.value }
        #expect(order.values.count == 2_000)
        #expect(order.firstOutOfOrder == nil)
    }

    @Test("a main-actor closure keeps its isolation and its effects are visible after waitForAll")
    func mainActorOperation() async throws {
        let tasks = TrackingTaskStarter()
        let model = RefreshingModel(tasks: tasks)
        model.refreshInBackground()
        model.refreshInBackground()
        try await tasks.waitForAll(within: patience)
        #expect(model.refreshCount == 2)
    }
}
#endif
