#if canImport(Testing)
import Foundation
import RundownTestSupport
import Testing
import RundownConcurrency

// Every code sample in the DocC comments and in README-section.md, compiled and run.
// Keep the text of each sample identical to its copy in the documentation.

// MARK: - Part 1: AsyncLock

@MainActor
final class Catalogue {
    private(set) var entries: [String] = []

    func reload() async throws {
        await Task.yield()
        entries = ["Blue Train", "Kind of Blue"]
    }
}

@Suite("Doc samples", .timeLimit(.minutes(1)))
struct DocSamples {
    @Test("AsyncLock") @MainActor
    func asyncLockSample() async throws {
        let catalogue = Catalogue()
        // sample: AsyncLock
        let lock = AsyncLock("catalogue")
        let entries = try await lock.withLock {
            try await catalogue.reload()  // main-actor state, no @Sendable needed
            return catalogue.entries
        }
        // end sample
        #expect(entries == ["Blue Train", "Kind of Blue"])
    }

    // MARK: - Part 2 and 3: SharedResource, the trait, enforcement

    @Test("withExclusiveAccess")
    func withExclusiveAccessSample() async throws {
        // sample: withExclusiveAccess
        let shown = try await SharedResource.hostWindow.withExclusiveAccess {
            await HostWindow.shared.show("client form")
        }
        // end sample
        #expect(shown == "client form")
    }

    // MARK: - Part 4: Gate

    @Test("Gate")
    func gateSample() async throws {
        let service = RecentlyPlayedService(count: 20)
        let pager = GenerationPager(service: service)
        await pager.refresh()
        // sample: Gate
        let response = Gate("load-more response")
        await service.holdResponses { offset in
            if offset > 0 { try await response.arrive() }
        }
        let loading = Task { await pager.loadMore() }
        try await response.waitUntilParked()
        await pager.refresh()  // runs while load-more waits for its response
        response.open()
        await loading.value
        // end sample
        #expect(await pager.tracks.count == 4)
    }

    // MARK: - Part 5: TaskStarting and TrackingTaskStarter

    @Test("TrackingTaskStarter") @MainActor
    func trackingSample() async throws {
        // sample: TrackingTaskStarter
        let tasks = TrackingTaskStarter()
        let uploader = Uploader(tasks: tasks)
        uploader.uploadLater("photo.jpg")  // synchronous; the upload runs in a task
        try await tasks.waitForAll()  // also waits for tasks started meanwhile
        #expect(uploader.uploaded == ["photo.jpg"])
        #expect(tasks.startedTasks.map(\.name) == ["upload photo.jpg"])
        tasks.expectNoneRunning()
        // end sample
    }

    @Test("Uploader with the default starter") @MainActor
    func defaultStarterSample() async throws {
        let uploader = Uploader()
        uploader.uploadLater("song.mp3")
        try await eventually(within: patience) { uploader.uploaded == ["song.mp3"] }
    }

    // MARK: - Part 6: eventually

    @Test("eventually with a condition")
    func eventuallyConditionSample() async throws {
        let exportPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("rundown-export-\(UInt64.random(in: 0...UInt64.max)).txt").path
        defer { try? FileManager.default.removeItem(atPath: exportPath) }
        // The export ends before the sample waits, so the sample's 2 seconds hold on a loaded machine
        // too; how eventually waits is pinned by EventuallyTests.
        _ = FileManager.default.createFile(atPath: exportPath, contents: Data("done".utf8))
        // sample: eventually
        try await eventually("the export file exists", within: .seconds(2)) {
            FileManager.default.fileExists(atPath: exportPath)
        }
        // end sample
    }

    @Test("eventually with an optional value")
    func eventuallyOptionalSample() async throws {
        // One failed load, then the receipt: the check after the pause succeeds however long the pause
        // took on a loaded machine, so the sample's 2 seconds hold there too.
        let store = ReceiptStore(failuresBeforeSuccess: 1)
        // sample: eventually optional
        let receipt = try await eventually("a receipt was stored", within: .seconds(2)) {
            try? store.loadReceipt()
        }
        // end sample
        #expect(receipt == "receipt #1")
    }

    @Test("eventually with a predicate")
    func eventuallyPredicateSample() async throws {
        let inbox = Inbox()
        // Synced before the sample waits, so its 2 seconds hold on a loaded machine too.
        for message in ["a", "b", "c"] { await inbox.receive(message) }
        // The sample keeps the documented layout, which the formatter would break up.
        // swift-format-ignore
        // sample: eventually satisfies
        // swift-format-ignore
        let count = try await eventually("three items synced", within: .seconds(2)) {
            await inbox.count
        } satisfies: { $0 >= 3 }
        // end sample
        #expect(count == 3)
    }
}

// sample: SharedResource
extension SharedResource {
    static let hostWindow = SharedResource("host window")
    static let keychain = SharedResource("keychain")
}
// end sample

// sample: expectHeld
/// A stand-in for the test host's single window.
actor HostWindow {
    static let shared = HostWindow()
    private(set) var screen: String?

    func show(_ screen: String) async -> String {
        SharedResource.hostWindow.expectHeld()  // forgetting .exclusive fails the test, loudly
        self.screen = screen
        await Task.yield()  // the suspension where another suite used to sneak in
        return self.screen ?? "nothing"
    }
}
// end sample

// sample: ExclusiveTrait
@Suite(.exclusive(.hostWindow))
struct FormFocusTests {
    @Test func typingReachesTheForm() async {
        let shown = await HostWindow.shared.show("client form")
        #expect(shown == "client form")
    }
}

@Test(.exclusive(.hostWindow, .keychain))
func signInRemembersTheAccount() async {
    let shown = await HostWindow.shared.show("sign in")
    #expect(shown == "sign in")
}
// end sample

// sample: TaskStarting
@MainActor
final class Uploader {
    private let tasks: any TaskStarting
    private(set) var uploaded: [String] = []

    init(tasks: any TaskStarting = .default) {
        self.tasks = tasks
    }

    func uploadLater(_ file: String) {
        tasks.start(name: "upload \(file)") {
            await self.upload(file)
        }
    }

    private func upload(_ file: String) async {
        await Task.yield()
        uploaded.append(file)
    }
}
// end sample

final class ReceiptStore: Sendable {
    private let attempts = Locked(0)
    private let failuresBeforeSuccess: Int

    init(failuresBeforeSuccess: Int) {
        self.failuresBeforeSuccess = failuresBeforeSuccess
    }

    func loadReceipt() throws -> String {
        struct NotYetWritten: Error {}
        let attempt = attempts.withLock {
            $0 += 1
            return $0
        }
        guard attempt > failuresBeforeSuccess else { throw NotYetWritten() }
        return "receipt #1"
    }
}

actor Inbox {
    private var messages: [String] = []
    var count: Int { messages.count }

    func receive(_ message: String) {
        messages.append(message)
    }
}
#endif
