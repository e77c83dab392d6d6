/// Something the run says that is neither a failure nor a skip: an example
/// that passed only on a retry, or `until-failure` stopping at a failure.
package struct SpecNotice: Sendable, CustomStringConvertible {
    /// What happened.
    package enum Kind: Sendable {
        /// The example passed on attempt `passedOn` of `attempts`; `failures`
        /// are its earlier attempts', reported as warnings.
        case flaky(passedOn: Int, attempts: Int, failures: [SpecFailure])
        /// `until-failure` stopped; the text says where.
        case repetitionsEnded(String)
    }

    /// The example's path.
    package var path: [String]
    /// Where the example was declared.
    package var location: CodeLocation
    package var kind: Kind

    package init(path: [String], location: CodeLocation, kind: Kind) {
        self.path = path
        self.location = location
        self.kind = kind
    }

    /// Whether the example is flaky.
    package var isFlaky: Bool {
        if case .flaky = kind { return true }
        return false
    }

    /// `flaky: passed on attempt 2 of 3`, or why repeating ended.
    package var summary: String {
        switch kind {
        case .flaky(let passedOn, let attempts, _):
            EngineWarning.passedOnRetry(passedOn: passedOn, attempts: attempts).message
        case .repetitionsEnded(let text): text
        }
    }

    /// `Cart, saves: flaky: passed on attempt 2 of 3`.
    package var description: String {
        "\(PathText.joined(path)): \(summary)"
    }
}
