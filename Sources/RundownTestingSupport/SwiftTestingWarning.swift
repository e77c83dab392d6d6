/// Everything the Swift Testing host says as a warning issue (a warning fails
/// no test): the one place these texts are written. Where: each is recorded at
/// the place it is about, the spec's `spec` call, a failure's line, or the
/// test. What users see of them is in <doc:WhereFailuresAppear>; retries in
/// <doc:FlakyExamples>.
enum SwiftTestingWarning {
    /// A flaky example's earlier failure: `notice` is the example's notice
    /// (`Cart, saves: flaky: passed on attempt 2 of 3`), `failure` what failed.
    case earlierAttemptFailed(notice: String, failure: String, seed: UInt64?)
    /// A notice of the engine's (`until-failure` reached its cap), as it is.
    case notice(String, seed: UInt64?)
    /// A spec skipped every example, in a test without the `.specs` trait,
    /// which goes on: `skippedWhat` is `every example of 'Cart' was skipped`.
    case everythingSkippedTestGoesOn(summary: String, skippedWhat: String)
    /// A parameterized test's case, the one example it runs, was skipped.
    case caseSkipped(summary: String)
    /// The skipped examples of a spec that ran others, one a line.
    case skipped([String])
    /// A test without the `.specs` trait ran a synchronous spec whose issues
    /// therefore carry no path.
    case specsTraitForgotten(test: String)

    var message: String {
        switch self {
        case .earlierAttemptFailed(let notice, let failure, let seed):
            "\(notice); before, it failed: \(failure)\(Self.seedNote(seed))"
        case .notice(let notice, let seed):
            notice + Self.seedNote(seed)
        case .everythingSkippedTestGoesOn(let summary, let what):
            "\(summary)\n\(what.prefix(1).uppercased() + what.dropFirst()); the test goes on. Give the test the '.specs' trait to report it as skipped when nothing else in it runs."
        case .caseSkipped(let summary):
            summary
        case .skipped(let lines):
            "Skipped:\n" + lines.map { "  \($0)" }.joined(separator: "\n")
        case .specsTraitForgotten(let test):
            "'\(test)' runs a synchronous spec without the '.specs' trait: its #expect and #require issues carry no element path. Add '.specs' to the test (or its suite)."
        }
    }

    private static func seedNote(_ seed: UInt64?) -> String {
        seed.map { " (seed \($0))" } ?? ""
    }
}
