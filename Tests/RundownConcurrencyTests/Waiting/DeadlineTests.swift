#if canImport(Testing)
import Testing
@testable import RundownConcurrency

/// Behaviour#Waits-always-end and Behaviour#Timeouts-scale-with-one-setting.
///
/// Every wait of the toolkit ends on time, rejects nonsense, and stretches with one setting.
@Suite("Deadlines and their arguments", .timeLimit(.minutes(1)))
struct DeadlineTests {
    /// Which deadline fired, not how punctually: the error names the deadline the wait ran under. How
    /// late deadlines fire is measured by `Benchmarks/deadlines.sh`; on a loaded machine a 50 ms
    /// deadline has fired 8.7 seconds late, which says nothing about the gate.
    @Test("a gate's own deadline fires, and its error names that deadline, not the 10-second default")
    func gateDeadlinesAreTheirOwn() async throws {
        let gate = Gate("prompt", timeout: .milliseconds(50))
        let arrival = await caughtError { try await gate.arrive() }
        #expect(arrival as? GateError == .neverOpened(gate: "prompt", waited: .milliseconds(50)))
        #expect(gate.parkedCount == 0)

        let wait = await caughtError { try await Gate("prompt wait").waitUntilParked(within: .milliseconds(50)) }
        #expect(
            wait as? GateError
                == .notReached(gate: "prompt wait", expected: 1, parked: 0, arrivals: 0, waited: .milliseconds(50)))
    }

    // reaches: InvalidArgumentError
    @Test("negative and zero timeouts are refused before any waiting, with the rule they broke")
    func nonPositiveTimeoutsAreRefused() async throws {
        let gate = Gate("strict")
        let arrive = await caughtError { try await gate.arrive(within: .seconds(-5)) }
        #expect(
            String(describing: try #require(arrive as? InvalidArgumentError))
                == "Gate 'strict'.arrive(within:): within must be more than zero, got -5.0 seconds")
        #expect(gate.arrivalCount == 0)

        let badDefault = await caughtError { try await Gate("zero default", timeout: .zero).arrive() }
        #expect(
            badDefault as? InvalidArgumentError
                == InvalidArgumentError(
                    call: "Gate 'zero default'.arrive(within:)", argument: "within", value: "0.0 seconds",
                    requirement: "more than zero"
                ))

        let poll = await caughtError { try await eventually(within: .zero) { true } }
        #expect(
            String(describing: try #require(poll as? InvalidArgumentError))
                == "eventually(_:within:): within must be more than zero, got 0.0 seconds")

        let tracking = await caughtError { try await TrackingTaskStarter().waitForAll(within: .milliseconds(-1)) }
        #expect(
            String(describing: try #require(tracking as? InvalidArgumentError))
                == "TrackingTaskStarter.waitForAll(within:): within must be more than zero, got -0.001 seconds")

        let lock = await caughtError { try await AsyncLock("strict lock").withLock(within: .zero) {} }
        #expect(
            String(describing: try #require(lock as? InvalidArgumentError))
                == "AsyncLock 'strict lock'.withLock(within:): within must be more than zero, got 0.0 seconds")
    }

    @Test("waiting for a negative or zero number of parked callers is refused")
    func nonPositiveCountsAreRefused() async throws {
        let gate = Gate("counted")
        let negative = await caughtError { try await gate.waitUntilParked(count: -3) }
        #expect(
            String(describing: try #require(negative as? InvalidArgumentError))
                == "Gate 'counted'.waitUntilParked(count:within:): count must be at least 1, got -3")
        let zero = await caughtError { try await gate.waitUntilParked(count: 0) }
        #expect(zero is InvalidArgumentError)
    }

    // reaches: SettingsWarning.timeoutScaleNotUnderstood, SettingsWarning.timeoutScaleOutOfRange
    @Test("RUNDOWN_TIMEOUT_SCALE accepts a number from 0.01 to 1000 and warns about anything else")
    func timeoutScaleSetting() {
        #expect(TimeoutScale.parse(nil) == (1, nil))
        #expect(TimeoutScale.parse("3") == (3, nil))
        #expect(TimeoutScale.parse(" 2.5 ") == (2.5, nil))
        #expect(TimeoutScale.parse("0.01") == (0.01, nil))
        #expect(TimeoutScale.parse("1000") == (1000, nil))
        let forms =
            "valid forms are a number from 0.01 to 1000 such as 2 or 2.5 (every default deadline is multiplied by it). Using 1."
        for bad in ["abc", "-2", "0", "inf", ""] {
            let (factor, warning) = TimeoutScale.parse(bad)
            #expect(factor == 1)
            #expect(warning == "RUNDOWN_TIMEOUT_SCALE='\(bad)' is not understood; " + forms)
        }
        // Behaviour#Timeouts-scale-with-one-setting:
        // 1e18 crashed the first default wait, 1e-30 made every one fail at once.
        for outside in ["1e18", "1e20", "1000.5", "0.0099", "1e-30"] {
            let (factor, warning) = TimeoutScale.parse(outside)
            #expect(factor == 1)
            #expect(warning == "RUNDOWN_TIMEOUT_SCALE='\(outside)' is outside the range Rundown accepts; " + forms)
        }
    }

    @Test("the default deadlines are scaled by the setting")
    func defaultsAreScaled() {
        #expect(Gate("default").timeout == .seconds(10) * TimeoutScale.current)
        #expect(TimeoutScale.scaled(.seconds(2)) == .seconds(2) * TimeoutScale.current)
    }
}
#endif
