import Rundown
import RundownTestSupport
import Testing

// Code samples of fresh values, cleanups and `.everyExample` on groups, from
// the DocC articles and the `///` comments of `fresh` and `deferCleanup`,
// compiled and run. Each sample's text is exactly what the documentation
// shows (DocSampleSyncTests checks that); the checks that it ran sit around it.

/// A server a test starts and must stop.
final class TestServer: Sendable {
    private static let count = Locked(0)

    /// How many servers are running.
    static var running: Int {
        SampleUse.record()
        return count.withLock { $0 }
    }

    static func start() throws -> TestServer {
        count.withLock { $0 += 1 }
        return TestServer()
    }

    func stop() { Self.count.withLock { $0 -= 1 } }
}

@Suite(.specs, .failsWhenCancelled) struct FreshSamples {
    // The `///` comment of `fresh`.
    @Test func freshDocComment() throws {
        try expectSampleRan(["freshDocComment, starts empty", "freshDocComment, adds an item"]) {
            try spec {
                let cart = fresh { Cart() }
                it("starts empty") { #expect(cart.value.items.isEmpty) }
                it("adds an item") {
                    cart.value.add("apple")
                    #expect(cart.value.items == ["apple"])
                }
            }
        }
    }

    // WritingSpecs.md: state per example.
    @Test func statePerExample() throws {
        try expectSampleRan(["Cart, starts empty", "Cart, with an apple, holds it", "Cart, with an apple, adds a pear"])
        {
            try spec("Cart") {
                let cart = fresh { Cart() }
                it("starts empty") { #expect(cart.value.items.isEmpty) }
                context("with an apple") {
                    beforeEach { cart.value.add("apple") }
                    it("holds it") { #expect(cart.value.items == ["apple"]) }
                    it("adds a pear") {
                        cart.value.add("pear")
                        #expect(cart.value.items == ["apple", "pear"])
                    }
                }
            }
        }
    }

    // WritingSpecs.md: `.everyExample` on a group.
    @Test func everyExampleOnAGroup() throws {
        var log: [String] = []
        try spec("Order") {
            context("every example", .everyExample) {
                beforeEach { log.append("reset") }
                context("inner") {
                    beforeEach { log.append("inner beforeEach") }
                    it("b") { log.append("b") }
                    it("c") { log.append("c") }
                }
            }
        }
        #expect(log == ["reset", "inner beforeEach", "b", "reset", "inner beforeEach", "c"])
    }

    // ErrorsAndSkips.md and the `///` comment of `deferCleanup`.
    @Test func cleanupNextToSetup() throws {
        try expectSampleRan(["Server, answers"]) {
            try spec("Server") {
                beforeEach {
                    let server = try TestServer.start()
                    deferCleanup { server.stop() }
                }
                it("answers") { #expect(TestServer.running == 1) }
            }
        }
        #expect(TestServer.running == 0)
    }
}
