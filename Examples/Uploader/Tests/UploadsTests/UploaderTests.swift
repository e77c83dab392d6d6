import Rundown
import Testing
import Uploads

/// A server that refuses the first `failures` sends of each file.
actor FlakyServer: UploadClient {
    struct Refused: Error {}
    private let failures: Int
    private var attempts: [String: Int] = [:]

    init(failures: Int = 0) {
        self.failures = failures
    }

    func send(_ file: String) async throws {
        await Task.yield()  // the network
        let attempt = attempts[file, default: 0] + 1
        attempts[file] = attempt
        if attempt <= failures { throw Refused() }
    }
}

// The tests run on the main actor, like the uploader. The tasks it starts run
// there too, so none of them can run until the test awaits: a test that forgot
// to wait sees nothing done, every time.
@MainActor
struct UploaderTests {
    @Test func sendsEachFileInATaskOfItsOwn() async throws {
        let tasks = TrackingTaskStarter()
        let uploader = Uploader(client: FlakyServer(), tasks: tasks)

        uploader.upload("a.jpg")
        uploader.upload("b.jpg")
        #expect(uploader.status == ["a.jpg": .queued, "b.jpg": .queued])

        try await tasks.waitForAll()
        #expect(uploader.status == ["a.jpg": .sent, "b.jpg": .sent])
        #expect(tasks.startedTasks.map(\.name) == ["upload a.jpg", "upload b.jpg"])
        tasks.expectNoneRunning()
    }

    @Test func retriesARefusedFileOnce() async throws {
        let tasks = TrackingTaskStarter()
        let uploader = Uploader(client: FlakyServer(failures: 1), tasks: tasks)

        uploader.upload("c.jpg")
        // Also waits for the retry, which the first task started while it ran.
        try await tasks.waitForAll()
        #expect(uploader.status == ["c.jpg": .sent])
        #expect(tasks.startedTasks.map(\.name) == ["upload c.jpg", "retry c.jpg"])
    }

    @Test func givesUpAfterTheRetry() async throws {
        let tasks = TrackingTaskStarter()
        let uploader = Uploader(client: FlakyServer(failures: 2), tasks: tasks)

        uploader.upload("d.jpg")
        try await tasks.waitForAll()
        #expect(uploader.status == ["d.jpg": .failed])
        #expect(tasks.startedTasks.count == 2)
    }
}
