import Foundation
import RundownTestSupport

/// A program in a child process that a test talks to while it runs: what
/// the child writes (standard output and error, interleaved as written) is
/// collected as it comes, and the test waits for a line, signals the child,
/// and waits for its end. ``ChildProcess`` runs a program to its end; this
/// one is for the tests that must act in the middle.
///
/// The child is started, read and waited for on a thread of its own, with
/// no signal blocked (a child starts with the signals its spawner blocks),
/// and the
/// test's waits poll with `Task.sleep`, which holds no thread: a cooperative
/// thread blocked on a child would stall the tests beside it. Every wait is
/// bounded, by what a hang alone would exceed; a child still running when
/// the test is done with it is killed.
final class RunningChild: Sendable {
    /// How the child ended: its exit status, or the signal that ended it.
    struct Ending: Equatable, Sendable, CustomStringConvertible {
        var status: Int32
        var bySignal: Bool

        var description: String { bySignal ? "killed by signal \(status)" : "exited with status \(status)" }
    }

    private struct State: Sendable {
        var pid: Int32?
        var output = Data()
        var ending: Ending?
        var launchError: String?
    }

    private let state = Locked(State())

    /// Starts `executable` with `arguments` in `environment`.
    init(_ executable: URL, _ arguments: [String], environment: [String: String]) {
        let state = state
        Thread {
            // A thread inherits the signal mask of the thread that made it, and a child the mask of the
            // thread that spawned it: one of Swift Concurrency's threads (libdispatch's, on Linux) blocks
            // every signal, and a child with a signal blocked would neither hear it nor die of it.
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            do {
                try process.run()
            } catch {
                state.withLock {
                    $0.launchError = "\(error)"
                    $0.ending = Ending(status: -1, bySignal: false)
                }
                return
            }
            state.withLock { $0.pid = process.processIdentifier }
            let reading = pipe.fileHandleForReading
            while true {
                let data = reading.availableData
                if data.isEmpty { break }
                state.withLock { $0.output.append(data) }
            }
            process.waitUntilExit()
            let ending = Ending(
                status: process.terminationStatus, bySignal: process.terminationReason == .uncaughtSignal)
            state.withLock { $0.ending = ending }
        }.start()
    }

    /// The lines the child has written so far (a line not yet ended included).
    var lines: [String] {
        let output = state.withLock { $0.output }
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// How the child ended, or `nil` while it runs.
    var ending: Ending? { state.withLock { $0.ending } }

    /// Waits until `done` holds of the lines written so far, or the child
    /// has ended, or `bound` has passed; returns whether `done` held.
    func wait(within bound: Duration, until done: ([String]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + bound
        while true {
            let ended = ending != nil
            if done(lines) { return true }
            if ended || ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends the child `signal`; false if it has not started, or has ended.
    @discardableResult
    func send(_ signal: Int32) -> Bool {
        state.withLock { state in
            guard let pid = state.pid, state.ending == nil else { return false }
            return kill(pid, signal) == 0
        }
    }

    /// Waits for the child to end, for at most `bound`; a child still
    /// running then is killed, and the result is `nil`.
    func end(within bound: Duration) async -> Ending? {
        _ = await wait(within: bound) { _ in false }
        if let ending { return ending }
        send(SIGKILL)
        return nil
    }
}
