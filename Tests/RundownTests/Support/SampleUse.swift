import Rundown
import RundownTestSupport
import Testing

/// Which examples of a documentation sample ran, as the sample's own types
/// saw them: the types the samples use (`Stack`, `Database`, `ViewModel`…)
/// call ``record()`` when they are used, so the samples' code stays exactly
/// as documented.
enum SampleUse {
    @TaskLocal static var log: Log?

    /// Notes that the example running now used a sample type. Hooks do not count.
    static func record() {
        guard let log, let runner = ExampleRunner.current, runner.role == .example else { return }
        if log.entries.last != runner.description {
            log(runner.description)
        }
    }
}

/// Runs a documentation sample and checks that each example in `examples`
/// used the sample's types, in that order. Examples that touch none of them
/// (an empty `it`) cannot be seen and are left out of `examples`.
///
/// The check runs however `body` ends, so a spec that skipped everything and
/// cancelled its test by throwing still fails it.
func expectSampleRan(_ examples: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void)
    rethrows
{
    let log = Log()
    defer {
        #expect(log.entries == examples, "the sample's examples did not all run", sourceLocation: sourceLocation)
    }
    try SampleUse.$log.withValue(log) { try body() }
}

/// Runs an `async` documentation sample and checks that each example in
/// `examples` used the sample's types, in that order (see the synchronous form).
nonisolated(nonsending) func expectSampleRan(
    _ examples: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async rethrows {
    let log = Log()
    defer {
        #expect(log.entries == examples, "the sample's examples did not all run", sourceLocation: sourceLocation)
    }
    try await SampleUse.$log.withValue(log) { try await body() }
}
