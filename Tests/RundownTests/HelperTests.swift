import Rundown
import Testing

/// Contract §1: helpers that return a group, an example or a hook compose like
/// inline code and never add an empty step to a path.
@MainActor
@Suite(.failsWhenCancelled) struct HelperTests {
    final class Recorder { var entries: [String] = [] }

    @ExampleBuilder<SyncCall>
    func sharedExamples(_ recorder: Recorder) -> ExampleGroup<SyncCall> {
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
    var aContext: ExampleGroup<SyncCall> {
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
        #expect(recorder.entries == [
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
            it("before the helper") { recorder.entries.append("first") }
            sharedExamples(recorder)
        }
        #expect(recorder.entries == [
            "shared beforeEach", "first",
            "shared beforeEach", "Spec, shared a",
            "shared beforeEach", "Spec, shared b",
        ])
    }

    @ExampleBuilder<Call>
    func genericExamples<Call: CallKind>(_ log: Log) -> ExampleGroup<Call> {
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
