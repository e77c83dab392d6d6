import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown
@testable import RundownConcurrency

/// Behaviour#Toolkit-checks-report-to-the-spec, Behaviour#Toolkit-messages-name-the-test-and-its-fix and
/// Behaviour#Waits-always-end:
/// the concurrency toolkit inside specs reports where the user's call is, and nested
/// `.exclusive` groups cannot deadlock.
@Suite(.timeLimit(.minutes(1)))
struct ToolkitInSpecsTests {
    @Test func anEventuallyTimeoutIsReportedAtTheEventuallyCall() async throws {
        let line = SourceLine.marked("eventually")
        let report = await SpecEngine.run(
            asyncRoot {
                it("waits") {
                    try await eventually("never", within: .milliseconds(20)) { false }  // line: eventually
                }
            })
        let failure = try #require(report.failures.first)
        #expect(failure.path == ["Spec", "waits"])
        #expect(failure.error is EventuallyError)
        #expect(failure.location.line == line)
        #expect(failure.location.fileID == "RundownTests/ToolkitInSpecsTests.swift")
    }

    /// Behaviour#Toolkit-checks-report-to-the-spec: a toolkit check that fails inside a spec goes to the spec's host,
    /// like the spec's own failures: with the element's path, at the check's line.
    @Test func aFailedCheckInsideASpecCarriesTheElementsPath() async throws {
        let resource = SharedResource("toolkit in specs: printer")
        let line = SourceLine.marked("expect held")
        let report = try await runCapturingIssues {
            try await spec("Printer") {
                it("prints") { resource.expectHeld() }  // line: expect held
            }
        }
        // Behaviour#Toolkit-messages-name-the-test-and-its-fix: the element, the test, and the spec's trait.
        #expect(
            report.failureComments == [
                "Printer, prints: Shared resource 'toolkit in specs: printer' was used by spec 'Printer, prints' in test "
                    + "'aFailedCheckInsideASpecCarriesTheElementsPath()' without exclusive access. Add .exclusive(...) "
                    + "for it to the example or a group around it (in an async spec) or to the suite or test, or wrap "
                    + "the code in withExclusiveAccess { ... }."
            ])
        #expect(report.failureLocations == ["RundownTests/ToolkitInSpecsTests.swift:\(line)"])
    }

    @Test func anExampleAskingForAResourceThatSortsBeforeItsGroupsFailsAtOnce() async throws {
        let keychain = SharedResource("spec inversion: keychain")
        let window = SharedResource("spec inversion: host window")
        var ran = false
        let report = await SpecEngine.run(
            asyncRoot {
                describe("signing in", .exclusive(keychain)) {
                    it("shows the form", .exclusive(window)) { ran = true }
                }
            })
        #expect(!ran)
        let failure = try #require(report.failures.first)
        let error = try #require(failure.error as? ExclusiveAccessError)
        guard case .lockOrderInversion(let held, let requested, _) = error else {
            Issue.record("expected a lock-order inversion, got \(error)")
            return
        }
        #expect(
            String(describing: error).hasPrefix(
                "Lock-order inversion: spec 'Spec, signing in, shows the form, exclusive access to spec inversion: "
                    + "host window' in test "
                    + "'anExampleAskingForAResourceThatSortsBeforeItsGroupsFailsAtOnce()' holds"))
        #expect(
            String(describing: error).hasSuffix(
                "Ask for both at the outer level instead, e.g. .exclusive('spec inversion: host window', "
                    + "'spec inversion: keychain') on the group around both."))
        #expect(held == keychain)
        #expect(requested == window)
        #expect(
            String(describing: error).contains(
                "holds shared resource 'spec inversion: keychain' and asked for 'spec inversion: host window'"))
        #expect(!keychain.lock.isLocked)
    }
}
