import Rundown
import RundownTestSupport
import Testing

/// Behaviour#Helpers-compose-like-inline-code: helpers that return a group, an example or a hook compose like
/// inline code and never add an empty step to a path.
@MainActor
@Suite(.failsWhenCancelled) struct HelperTests {
    final class Recorder { var entries: [String] = [] }

    @ExampleBuilder<SyncCall>
    func sharedExamples(_ recorder: Recorder) -> Steps<BeforeEachPhase, ExamplesPhase, SyncCall> {
        beforeEach { recorder.entries.append("shared beforeEach") }
        it("shared a") { recorder.entries.append(ExampleRunner.current!.description) }
        it("shared b") { recorder.entries.append(ExampleRunner.current!.description) }
    }

    func resetDatabase(_ recorder: Recorder) -> BeforeEach<SyncCall> {
        beforeEach("reset database") { recorder.entries.append(ExampleRunner.current!.description) }
    }

    func anExample(_ recorder: Recorder) -> Example<SyncCall> {
        it("from a function") { recorder.entries.append(ExampleRunner.current!.description) }
    }

    @ExampleBuilder<SyncCall>
    var aContext: Examples<SyncCall> {
        context("from a property") {
            it("works") {}
        }
    }

    @Test func helpersComposeLikeInlineCodeWithoutEmptySteps() throws {
        let recorder = Recorder()
        try spec("Spec") {
            resetDatabase(recorder)
            context("ctx") {
                sharedExamples(recorder)
            }
            anExample(recorder)
            aContext
        }
        #expect(
            recorder.entries == [
                "Spec, ctx, reset database",
                "shared beforeEach", "Spec, ctx, shared a",
                "shared beforeEach", "Spec, ctx, shared b",
                "Spec, from a function, reset database",
                "Spec, from a function",
                "Spec, from a property, reset database",
            ])
    }

    @Test func aHelpersHooksJoinTheEnclosingGroup() throws {
        let recorder = Recorder()
        try spec("Spec") {
            sharedExamples(recorder)
            it("after the helper") { recorder.entries.append("after") }
        }
        #expect(
            recorder.entries == [
                "shared beforeEach", "Spec, shared a",
                "shared beforeEach", "Spec, shared b",
                "shared beforeEach", "after",
            ])
    }

    @ExampleBuilder<SyncCall>
    func examplesThenTeardown(_ recorder: Recorder) -> Steps<ExamplesPhase, AfterEachPhase, SyncCall> {
        it("c") { recorder.entries.append("c") }
        afterEach("shared afterEach") { recorder.entries.append("shared afterEach") }
    }

    @ExampleBuilder<SyncCall>
    func setUp(_ recorder: Recorder) -> BeforeEach<SyncCall> {
        beforeEach { recorder.entries.append("setUp 1") }
        beforeEach { recorder.entries.append("setUp 2") }
    }

    @ExampleBuilder<SyncCall>
    func wholeGroup(_ recorder: Recorder) -> ExampleGroup<SyncCall> {
        beforeEach { recorder.entries.append("whole beforeEach") }
        it("w") { recorder.entries.append("w") }
    }

    /// Each helper stands where the same code written inline may stand, and
    /// its hooks join the enclosing group, as inline hooks do.
    @Test func helpersWithPhasesStandWhereTheirContentMayStandInline() throws {
        let recorder = Recorder()
        try spec("Spec") {
            context("phases") {
                setUp(recorder)
                sharedExamples(recorder)
                examplesThenTeardown(recorder)
                afterAll { recorder.entries.append("afterAll") }
            }
            context("whole group") {
                beforeAll { recorder.entries.append("beforeAll") }
                wholeGroup(recorder)
                afterAll { recorder.entries.append("afterAll") }
            }
        }
        let each = ["setUp 1", "setUp 2", "shared beforeEach"]
        #expect(
            recorder.entries == each + ["Spec, phases, shared a", "shared afterEach"]
                + each + ["Spec, phases, shared b", "shared afterEach"]
                + each + [
                    "c", "shared afterEach", "afterAll",
                    "beforeAll", "whole beforeEach", "w", "afterAll",
                ])
    }

    @ExampleBuilder<Call>
    func genericExamples<Call: CallKind>(_ log: Log) -> Examples<Call> {
        it("generic") { log(ExampleRunner.current!.description) }
    }

    func runSynchronously(_ log: Log) throws {
        try spec("Sync") { genericExamples(log) }
    }

    @Test func aGenericHelperServesSynchronousAndAsyncSpecs() async throws {
        let log = Log()
        try runSynchronously(log)
        try await spec("Async") {
            genericExamples(log)
            it("awaits") { await Task.yield() }
        }
        #expect(log.entries == ["Sync, generic", "Async, generic"])
    }
}
