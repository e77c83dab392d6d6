#if canImport(XCTest) && !canImport(ObjectiveC)
import Dispatch
import Foundation
import RundownEngine
import XCTest

/// An XCTest assertion failure (`XCTAssert…`, `XCTFail`) as XCTest reported it.
package struct XCTestAssertionFailure: Sendable, Equatable {
    /// XCTest's message: the assertion and its details, then ` - ` and the
    /// message passed to the assertion, if any.
    package var description: String
    /// The file the assertion was written in, as the assertion got it (`#filePath`).
    package var filePath: String
    /// The line of the assertion.
    package var line: Int

    /// Creates a failure.
    package init(description: String, filePath: String, line: Int) {
        self.description = description
        self.filePath = filePath
        self.line = line
    }
}

/// Hands XCTest assertion failures that no XCTest test would take to a
/// receiver, in a process where XCTest runs no tests (a Swift Testing run).
///
/// corelibs XCTest sends every assertion failure to one process-wide "current
/// test case", which only running a test case sets, and only until its run
/// returns. In a Swift Testing run there is none, so `XCTAssert…` and `XCTFail`
/// do nothing at all. ``start(_:)`` runs one case, on a thread of its own, whose
/// test never returns: from then on every assertion failure in the process
/// reaches the receiver, on the thread that failed, where the caller's
/// task-local values say which test and which spec element it belongs to.
///
/// One case for the whole process, not one per spec: the current test case is
/// a plain global, so cases run by tests running in parallel would overwrite
/// it, and the first to finish would clear it while the others still run. For
/// the same reason this must not start in a process where XCTest runs its own
/// tests: they set and clear the same global.
package enum XCTestAssertionForwarding {
    /// Guards ``receiver``. An `NSLock` rather than `Mutex`: Thread Sanitizer
    /// sees through pthread locks, but not through `Mutex`'s futex, and would
    /// report the receiver's accesses as races.
    private static let lock = NSLock()
    /// Where failures go once forwarding has started.
    nonisolated(unsafe) private static var receiver: (@Sendable (XCTestAssertionFailure) -> Void)?

    /// Starts forwarding, once per process; later calls change nothing. When it
    /// returns, assertion failures reach `receive`.
    package static func start(_ receive: @escaping @Sendable (XCTestAssertionFailure) -> Void) {
        lock.withLock {
            guard receiver == nil else { return }
            receiver = receive
            let running = DispatchSemaphore(value: 0)
            let thread = Thread {
                ForwardingCase(running: running).run()
            }
            thread.name = "Rundown XCTest assertion forwarding"
            thread.start()
            running.wait()
        }
    }

    fileprivate static func deliver(_ failure: XCTestAssertionFailure) {
        lock.withLock { receiver }?(failure)
    }
}

extension XCTestAssertionFailure {
    /// XCTest's message without the empty ` - ` it ends with when the
    /// assertion was given no message.
    package var message: String {
        description.hasSuffix(" - ") ? String(description.dropLast(3)) : description
    }

    /// Where the assertion failed. XCTest gives only a file path and a line;
    /// Swift Testing also wants a file ID (`Module/File.swift`), which takes
    /// the module of the element that made the assertion, and a column.
    package func location(madeIn element: CodeLocation) -> CodeLocation {
        Self.location(filePath: filePath, line: line, madeIn: element)
    }

    /// Where an assertion at `filePath` and `line` failed, made by an element declared at `element`.
    package static func location(filePath: String, line: Int, madeIn element: CodeLocation) -> CodeLocation {
        let fileName = filePath.split(separator: "/").last.map(String.init) ?? filePath
        let module = element.fileID.split(separator: "/").first.map(String.init) ?? ""
        return CodeLocation(
            fileID: module.isEmpty ? fileName : "\(module)/\(fileName)", filePath: filePath, line: line, column: 1)
    }
}

/// The test case that XCTest takes for the current one while forwarding runs.
/// It records nothing itself: XCTest would print and count it as a failure of
/// a test nobody asked for.
private final class ForwardingCase: XCTestCase {
    private var running: DispatchSemaphore?

    convenience init(running: DispatchSemaphore) {
        self.init(name: "Rundown XCTest assertion forwarding") { _ in }
        self.running = running
    }

    /// XCTest sets the current test case before it invokes the test and clears
    /// it after, so this never returns. It skips XCTest's `setUp` sequence,
    /// which waits for a task on the cooperative pool: the caller of
    /// ``XCTestAssertionForwarding/start(_:)`` may be blocking the last free
    /// thread of that pool while it waits for this to run.
    override func invokeTest() {
        running?.signal()
        DispatchSemaphore(value: 0).wait()
    }

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        XCTestAssertionForwarding.deliver(
            XCTestAssertionFailure(description: description, filePath: filePath, line: lineNumber))
    }
}
#endif
