import Foundation

/// Runs `work` on a thread of its own and returns what it returns.
///
/// For a test that reads and scans many files of the package: that is seconds of synchronous work
/// on a busy machine, and on one of Swift Concurrency's few cooperative threads (two, on two
/// cores) it would stall every other test of the process as long, whose waits would then run out
/// with nothing wrong. Check the result in the test itself: `#expect` reaches the test only from
/// its own task.
package func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
