import RundownTasks

/// Sends a file to the server.
public protocol UploadClient: Sendable {
    func send(_ file: String) async throws
}

/// Uploads files in the background for the UI: `upload(_:)` returns at once,
/// and the work runs in tasks started through the task starter it was given.
/// The app passes nothing and gets `.default`, which starts plain tasks; a
/// test passes a starter that tracks them, and can wait for them all.
@MainActor
public final class Uploader {
    public enum Status: Equatable, Sendable {
        case queued, sending, sent, failed
    }

    public private(set) var status: [String: Status] = [:]
    private let client: any UploadClient
    private let tasks: any TaskStarting
    private let retries: Int

    public init(client: any UploadClient, tasks: some TaskStarting = .default, retries: Int = 1) {
        self.client = client
        self.tasks = tasks
        self.retries = retries
    }

    /// Queues `file` and returns; a task sends it.
    public func upload(_ file: String) {
        status[file] = .queued
        tasks.start(name: "upload \(file)") {
            await self.send(file, attempt: 1)
        }
    }

    private func send(_ file: String, attempt: Int) async {
        status[file] = .sending
        do {
            try await client.send(file)
            status[file] = .sent
        } catch  where attempt <= retries {
            // Tries again in a task of its own, so that this one ends.
            tasks.start(name: "retry \(file)") {
                await self.send(file, attempt: attempt + 1)
            }
        } catch {
            status[file] = .failed
        }
    }
}
