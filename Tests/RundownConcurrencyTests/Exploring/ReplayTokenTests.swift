#if canImport(Testing)
import Foundation
import RundownSettings
import RundownTestSupport
import Testing

@testable import RundownConcurrency

/// Behaviour#A-failing-interleaving-can-be-replayed: what `RUNDOWN_SCHEDULE` takes is exactly what
/// the explorer can replay, and a token names the test as well as the call.
@Suite("Exploring: replay tokens")
struct ReplayTokenTests {
    // reaches: SettingsWarning.scheduleNotKnown
    @Test("RUNDOWN_SCHEDULE with choices the explorer cannot read is a warning listing the valid form, not ignored")
    func unreadableChoicesAreAWarning() {
        for wrong in ["v1.cc02._x_.e775ab6b", "v1.cc02.__.e775ab6b", "v1.cc02._-1_.e775ab6b", "v1.cc02.0_1.e775ab6b"] {
            var warnings: [String] = []
            let settings = RunSettings(environment: ["RUNDOWN_SCHEDULE": wrong]) { warnings.append($0) }
            #expect(settings.schedule == nil, "\(wrong)")
            #expect(
                warnings == [
                    "RUNDOWN_SCHEDULE=\(wrong) is not a replay token; valid form: RUNDOWN_SCHEDULE=<the token a failed explore printed, such as v1.3fa2.0102.9c1e22ab>"
                ])
            #expect(ReplayToken(wrong) == nil)
        }
    }

    @Test("what the setting accepts, the explorer reads, and the other way round")
    func oneGrammar() {
        for text in [
            "v1.cc02._x_.e775ab6b", "v1.cc02.__.e775ab6b", "v1.3fa2.0102.9c1e22ab", "v1.3fa2..9c1e22ab",
            "v1.3fa2.01_62_z.9c1e22ab", "v1.3FA2.0102.9C1E22AB", "v1.3fa2.0-1.9c1e22ab", "v2.3fa2.0.9c1e22ab",
            "v1.3fa2._12.9c1e22ab", "v1.3fa2._1__2_.9c1e22ab", " v1.3fa2.0102.9c1e22ab ",
        ] {
            var warned = false
            let accepted = RunSettings(environment: ["RUNDOWN_SCHEDULE": text]) { _ in warned = true }.schedule != nil
            #expect(accepted == !warned, "\(text)")
            #expect(accepted == (ReplayToken(text) != nil), "\(text)")
        }
    }

    @Test("a token's site names the explore call and the test that runs it")
    func siteNamesTheTest() {
        let here = ReplayToken.site(fileID: "App/FeedTests.swift", line: 12, test: "FeedTests/refresh()")
        #expect(here == ReplayToken.site(fileID: "App/FeedTests.swift", line: 12, test: "FeedTests/refresh()"))
        #expect(here != ReplayToken.site(fileID: "App/FeedTests.swift", line: 12, test: "FeedTests/loadMore()"))
        #expect(here != ReplayToken.site(fileID: "App/FeedTests.swift", line: 13, test: "FeedTests/refresh()"))
        #expect(here.count == 4)
        // Where no test can be told, the call alone: as tokens were before they named the test.
        #expect(ReplayToken.site(fileID: "App/FeedTests.swift", line: 12, test: nil).count == 4)
    }

    @Test("in a Swift Testing test, the test a token names is that test, by its file, line and name")
    func testNameInSwiftTesting() throws {
        let name = try #require(ExplorationSite.testName)
        #expect(name.hasPrefix("RundownConcurrencyTests/ReplayTokenTests.swift:"))
        #expect(name.hasSuffix(" testNameInSwiftTesting()"))
    }

    @Test("a failed exploration's token carries the site of its call in its test")
    func printedTokenCarriesTheTest() async throws {
        let line = SourceLine.marked("explore printing its site")
        var printed: String?
        _ = try await capturingRoutedFailures {
            printed = try await explore { schedule in  // line: explore printing its site
                schedule.start("A") { throw CancellationError() }
                try await schedule.finish()
                FailureRouting.record(ConcurrencyFailure("fails"))
            }.replayToken
        }
        let token = try #require(printed.flatMap(ReplayToken.init))
        #expect(
            token.site
                == ReplayToken.site(
                    fileID: "RundownConcurrencyTests/ReplayTokenTests.swift", line: line,
                    test: ExplorationSite.testName))
    }
}
#endif
