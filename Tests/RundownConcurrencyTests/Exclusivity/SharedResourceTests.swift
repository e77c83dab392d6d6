#if canImport(Testing)
import RundownTestSupport
import Testing
@testable import RundownConcurrency

/// Behaviour#Exclusive-elements and Behaviour#Waits-always-end (lock order, deadlines) for shared resources.
@Suite("SharedResource", .timeLimit(.minutes(1)))
struct SharedResourceTests {
    @Test("values with the same name share one lock")
    func identityIsTheName() {
        #expect(SharedResource("printer") == .printer)
        #expect(SharedResource("printer").lock === SharedResource.printer.lock)
        #expect(SharedResource.printer.lock !== SharedResource.scanner.lock)
    }

    @Test("unrelated resources never wait for each other")
    func unrelatedResourcesDoNotWait() async throws {
        let printer = SharedResource("unrelated: printer")
        let scanner = SharedResource("unrelated: scanner")
        let printerBusy = Gate("printer busy", timeout: patience)
        let printerUser = Task {
            try await printer.withExclusiveAccess {
                try await printerBusy.arrive()
            }
        }
        try await printerBusy.waitUntilParked()

        // The printer is held and parked; the scanner must still be free right now.
        let parkedMeanwhile = try await scanner.withExclusiveAccess {
            printerBusy.parkedCount
        }
        #expect(parkedMeanwhile == 1)

        printerBusy.open()
        try await printerUser.value
    }

    @Test("nested requests by the holder run at once instead of waiting for themselves")
    func nestedAccessIsReentrant() async throws {
        let printer = SharedResource("nested: printer")
        let value = try await printer.withExclusiveAccess {
            try await printer.withExclusiveAccess {
                async let child = printer.withExclusiveAccess { 7 }
                return try await child
            }
        }
        #expect(value == 7)
        #expect(!printer.lock.isLocked)
    }

    @Test("several resources are taken in name order, whatever order they are listed in")
    func multipleResourcesInCanonicalOrder() async throws {
        let printer = SharedResource("ordered: printer")
        let scanner = SharedResource("ordered: scanner")
        let firstUserParked = Gate("holds printer and scanner", timeout: patience)
        let log = EventLog()
        let first = Task {
            try await SharedResource.withExclusiveAccess(to: [scanner, printer]) {
                log.append("first")
                try await firstUserParked.arrive()
            }
        }
        try await firstUserParked.waitUntilParked()
        let second = Task {
            try await SharedResource.withExclusiveAccess(to: [printer, scanner, printer]) {
                #expect(printer.isHeldByCurrentTask)
                #expect(scanner.isHeldByCurrentTask)
                log.append("second")
            }
        }
        // "printer" sorts first, so the second user queues on the printer, not halfway through.
        try await printer.lock.waitUntilQueued(count: 1, within: patience)
        #expect(scanner.lock.queuedCount == 0)
        firstUserParked.open()
        try await first.value
        try await second.value
        #expect(log.all == ["first", "second"])
    }

    // reaches: ExclusiveAccessError
    @Test(
        "two tasks nesting two resources in opposite orders: the inverted one fails at once, naming both, and nothing hangs"
    )
    func lockOrderInversionFailsAtOnce() async throws {
        let keychain = SharedResource("inversion: keychain")
        let window = SharedResource("inversion: host window")
        let bothHold = Gate("each task holds its outer resource", kind: .reusable, timeout: patience)
        // A suite on the keychain whose test asks for the window ...
        let inverted = Task {
            try await keychain.withExclusiveAccess {
                try await bothHold.arrive()
                try await window.withExclusiveAccess {}
            }
        }
        // ... against a suite on the window whose test asks for the keychain.
        let ordered = Task {
            try await window.withExclusiveAccess {
                try await bothHold.arrive()
                try await keychain.withExclusiveAccess {}
            }
        }
        try await bothHold.waitUntilParked(count: 2)
        bothHold.open()
        let error = await caughtError {
            try await value(of: inverted, "the task that took the resources out of order")
        }
        let accessError = try #require(error as? ExclusiveAccessError)
        #expect(
            accessError
                == .lockOrderInversion(
                    held: keychain, requested: window, holder: .swiftTesting("lockOrderInversionFailsAtOnce()")))
        #expect(
            String(describing: accessError) == "Lock-order inversion: test 'lockOrderInversionFailsAtOnce()' holds "
                + "shared resource 'inversion: keychain' and asked for 'inversion: host window', whose name sorts before it. "
                + "Shared resources are always taken in name order, so that two tests can never each hold one and wait for "
                + "the other; taking 'inversion: host window' now could deadlock. Ask for both at the outer level instead, "
                + "e.g. .exclusive('inversion: host window', 'inversion: keychain') on the suite or group.")
        try await value(of: ordered, "the task that took the resources in order")
        #expect(!keychain.lock.isLocked)
        #expect(!window.lock.isLocked)
    }

    @Test("the trait on a test inside a suite holding a later resource fails the test at once")
    func traitInsideSuiteChecksTheOrder() async throws {
        let keychain = SharedResource("trait inversion: keychain")
        let window = SharedResource("trait inversion: host window")
        let test = try #require(Test.current)
        let error = await caughtError {
            try await keychain.withExclusiveAccess {
                try await ExclusiveTrait(resources: [window]).provideScope(for: test, testCase: nil) {}
            }
        }
        #expect(
            error as? ExclusiveAccessError
                == .lockOrderInversion(
                    held: keychain, requested: window, holder: .swiftTesting("traitInsideSuiteChecksTheOrder()")))
    }

    @Test("taking a resource that sorts after the ones held is fine")
    func nestingInNameOrderWorks() async throws {
        let keychain = SharedResource("in order: keychain")
        let window = SharedResource("in order: host window")
        let held = try await window.withExclusiveAccess {
            try await keychain.withExclusiveAccess { window.isHeldByCurrentTask && keychain.isHeldByCurrentTask }
        }
        #expect(held)
    }
}
#endif
