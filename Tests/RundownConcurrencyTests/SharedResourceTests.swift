#if canImport(Testing)
import Testing
@testable import RundownConcurrency

@Suite("SharedResource")
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
        let printerBusy = Gate("printer busy")
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
        let firstUserParked = Gate("holds printer and scanner")
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
        try await printer.lock.waitUntilQueued(count: 1)
        #expect(scanner.lock.queuedCount == 0)
        firstUserParked.open()
        try await first.value
        try await second.value
        #expect(log.all == ["first", "second"])
    }
}
#endif
