#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Toolkit-checks-report-to-the-spec: using a resource without its hold fails at the use.
@Suite("Enforcing exclusive access", .timeLimit(.minutes(1)))
struct EnforcementTests {
    @Test("touching a resource without holding it records a failure naming the resource and the test")
    func expectHeldNamesResourceAndTest() {
        let window = HostWindowDouble(resource: .enforcementDemo)
        withKnownIssue {
            window.show("form")
        } matching: { issue in
            let text = issue.description
            return text.contains("Shared resource 'enforcement demo'")
                && text.contains("test 'expectHeldNamesResourceAndTest()'")
                && text.contains("without exclusive access")
        }
    }

    @Test("holding the resource, and being a child task of the holder, both count")
    func heldAccessPasses() async throws {
        try await SharedResource.enforcementDemo.withExclusiveAccess {
            #expect(SharedResource.enforcementDemo.expectHeld())
            async let child = SharedResource.enforcementDemo.isHeldByCurrentTask
            #expect(await child)
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask { SharedResource.enforcementDemo.isHeldByCurrentTask }
                for try await held in group { #expect(held) }
            }
        }
    }

    @Test("another task does not inherit the hold")
    func unrelatedTaskIsNotHolding() async throws {
        let unrelated = Task.detached { SharedResource.enforcementDemo.isHeldByCurrentTask }
        try await SharedResource.enforcementDemo.withExclusiveAccess {
            #expect(await unrelated.value == false)
        }
    }

    @Test("requireHeld throws an error that names the resource and the test")
    func requireHeldThrows() throws {
        let error = #expect(throws: ExclusiveAccessError.self) {
            try SharedResource.enforcementDemo.requireHeld()
        }
        let text = String(describing: try #require(error))
        #expect(text.contains("'enforcement demo'"))
        #expect(text.contains("test 'requireHeldThrows()'"))
    }

    @Test("a bound handler receives the failure instead of the test framework")
    func handlerTakesPrecedence() {
        let line = SourceLine.marked("expect held")
        let failures = FailureCollector.collecting {
            SharedResource.enforcementDemo.expectHeld()  // line: expect held
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("'enforcement demo'") == true)
        let fileID = failures.first?.location.fileID ?? ""
        #expect(fileID.hasSuffix("EnforcementTests.swift"))
        #expect(failures.first?.location.line == line)
        // The call's opening parenthesis.
        let column = SourceLine.column(of: "expectHeld(", onLineMarked: "expect held") + "expectHeld".count
        #expect(failures.first?.location.column == column)
    }
}
#endif
