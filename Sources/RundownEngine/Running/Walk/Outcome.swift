/// How one closure ended.
enum Outcome: Sendable {
    case passed
    case failed(any Error)
    /// Indirect, so that an outcome, which the drivers move and destroy at
    /// every closure, is two words wide instead of a skip's reason and location.
    indirect case skipped(SkipReason)
}

/// Turns an error thrown by a closure into a skip, if it is one.
///
/// The engine knows its own ``Skip``; the framework support targets add
/// recognisers for their frameworks' skips (such as `XCTSkip`), so the engine
/// needs no test framework.
package typealias SkipRecognizer = @Sendable (any Error) -> SkipReason?

extension Outcome {
    /// Runs `body` and classifies how it ended. The closure's context is
    /// bound by the driver.
    static func of(recognizers: [SkipRecognizer], _ body: () throws -> Void) -> Outcome {
        do {
            try body()
            return .passed
        } catch {
            return classify(error, recognizers: recognizers)
        }
    }

    /// Runs `body` and classifies how it ended. The closure's context is
    /// bound by the driver.
    nonisolated(nonsending) static func of(
        recognizers: [SkipRecognizer],
        _ body: () async throws -> Void
    ) async -> Outcome {
        do {
            try await body()
            return .passed
        } catch {
            return classify(error, recognizers: recognizers)
        }
    }

    static func classify(_ error: any Error, recognizers: [SkipRecognizer]) -> Outcome {
        if let skip = error as? Skip {
            return .skipped(SkipReason(message: skip.reason, location: skip.location))
        }
        for recognize in recognizers {
            if let reason = recognize(error) {
                return .skipped(reason)
            }
        }
        return .failed(error)
    }
}
