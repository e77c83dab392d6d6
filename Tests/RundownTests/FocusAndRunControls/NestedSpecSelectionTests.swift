import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Selection-happens-in-the-outermost-spec, in process: the filter and the shard select in the
/// outermost spec of a task; a spec run inside a selected element runs whole,
/// in the order of the same seed. `ControlsOutputTests` runs the same from the
/// environment, in a child process.
@Suite struct NestedSpecSelectionTests {
    static let outer = ["o1", "o2", "o3", "o4"]
    static let inner = ["i1", "i2", "i3", "i4"]
    static let everyInner = outer.flatMap { o in inner.map { "\(o)/\($0)" } }

    /// An outer spec of four examples, each running an inner spec of four
    /// with the same controls, as every spec of a process gets the same settings.
    private func ranNested(_ controls: RunControls) -> [String] {
        let log = Log()
        SpecEngine.run(
            root("Outer") {
                for o in Self.outer {
                    it(o) {
                        log(o)
                        SpecEngine.run(
                            root("Inner") {
                                for i in Self.inner { it(i) { log("\(o)/\(i)") } }
                            }, controls: controls)
                    }
                }
            }, controls: controls)
        return log.entries
    }

    @Test func threeShardsTogetherRunEveryInnerExampleOnce() {
        var outer: [String] = []
        var inner: [String] = []
        for index in 1...3 {
            let ran = ranNested(RunControls(shard: Shard(index: index, count: 3)))
            outer += ran.filter { !$0.contains("/") }
            inner += ran.filter { $0.contains("/") }
        }
        #expect(outer.sorted() == Self.outer)
        #expect(inner.sorted() == Self.everyInner)
    }

    @Test func aFilterSelectsInTheOuterSpecAndTheInnerRunsWhole() {
        #expect(ranNested(RunControls(filter: ["o1"])) == ["o1", "o1/i1", "o1/i2", "o1/i3", "o1/i4"])
    }

    @Test func theInnerSpecIsShuffledBySameSeed() {
        let ran = ranNested(RunControls(seed: 7)).filter { $0.hasPrefix("o1/") }.map { String($0.dropFirst(3)) }
        #expect(ran == SeededOrder.shuffled(Self.inner, seed: 7, path: ["Inner"]))
        #expect(ran != Self.inner)
    }

    @Test func aSpecInATaskOfItsOwnIsOutermostAgain() async {
        // A detached task has no element running: its spec selects as any outermost one.
        let log = Log()
        _ = await Task.detached {
            SpecEngine.run(
                root("Alone") {
                    it("a") { log("a") }
                    it("b") { log("b") }
                }, controls: RunControls(filter: ["b"]))
        }.value
        #expect(log.entries == ["b"])
    }

    @Test func theAsynchronousEngineSelectsOnlyInTheOutermostSpecToo() async {
        let log = Log()
        await SpecEngine.run(
            asyncRoot("Outer") {
                it("o1") {
                    await Task.yield()
                    await SpecEngine.run(
                        asyncRoot("Inner") {
                            it("i1") { log("i1") }
                            it("i2") { log("i2") }
                        }, controls: RunControls(filter: ["o1"]))
                }
                it("o2") { log("o2") }
            }, controls: RunControls(filter: ["o1"]))
        #expect(log.entries == ["i1", "i2"])
    }

    @Test func aSpecRunWithSettingsRunsItsNestedSpecWhole() async throws {
        // Through `spec`'s own path, with the host that the nested spec picks (the caller's, in a detached task).
        var settings = RunSettings.plain
        settings.filter = ["o2"]
        let log = Log()
        let settingsForBoth = settings
        try await Task.detached {
            let outer = specRoot("Outer") {
                for o in Self.outer {
                    it(o) {
                        let inner = specRoot("Inner") {
                            for i in Self.inner { it(i) { log("\(o)/\(i)") } }
                        }
                        try SpecRun(inner, settings: settingsForBoth).run()
                    }
                }
            }
            try SpecRun(outer, settings: settingsForBoth).run()
        }.value
        #expect(log.entries == ["o2/i1", "o2/i2", "o2/i3", "o2/i4"])
    }

    @Test func aNestedSpecAsksForItsOneExampleByNameStill() {
        // A `Spec.Example` run chose its example in the code, not by a setting: it stays one example.
        let log = Log()
        SpecEngine.run(
            root("Outer") {
                it("o1") {
                    SpecEngine.run(
                        root("Inner") {
                            it("i1") { log("i1") }
                            it("i2") { log("i2") }
                        }, controls: RunControls(example: ["Inner", "i2"]))
                }
            })
        #expect(log.entries == ["i2"])
    }
}
