import Foundation

/// Runs a program to the end and returns its exit status with everything it
/// wrote to standard output and standard error, interleaved as written.
enum ChildProcess {
    /// Waits on a thread of its own, not on one of Swift Concurrency's few
    /// cooperative threads: tests blocked on compilers and child test runs
    /// would otherwise starve the tests running beside them (on two cores,
    /// two blocked threads stop every other test of the process).
    ///
    /// With a `timeout`, a child still running after it is terminated (its
    /// status then says so), so that a hang fails the test instead of the run:
    /// asked to stop (SIGTERM), then, five seconds later, killed (SIGKILL), as
    /// a hung test process may block SIGTERM on every thread.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, timeout: Duration? = nil
    ) async throws -> (status: Int32, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try runAndWait(executable, arguments, environment: environment, timeout: timeout) })
            }.start()
        }
    }

    private static func runAndWait(
        _ executable: URL, _ arguments: [String], environment: [String: String]?, timeout: Duration?
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            DispatchQueue.global().asyncAfter(
                deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18
            ) {
                guard process.isRunning else { return }
                process.terminate()
                DispatchQueue.global().asyncAfter(deadline: .now() + 5) {
                    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
