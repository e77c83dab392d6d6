#if os(Linux)
import Foundation
import RundownTestSupport
import Testing

/// Behaviour#A-place-selects-what-is-declared-there, black-box: `RUNDOWN_FILTER` naming places of
/// `PlaceFilterFixtures.swift`, read from the environment by child runs of this test binary, under
/// XCTest and Swift Testing at once (one process each, as `swift test` runs them), and for the
/// arguments of a parameterized test over a `Spec`'s examples.
@Suite(.serialized, .enabled(if: HostOutput.testBinary != nil, "needs the SwiftPM test binary"))
struct PlaceFilterOutputTests {
    typealias Run = FailuresFileOutputTests

    static let fixtures = PackageRoot.of().appendingPathComponent("Tests/RundownHostFixtures/PlaceFilterFixtures.swift")
        .path

    /// `PlaceFilterFixtures.swift:<line>` of the fixtures' line marked `marker`, `offset` lines below.
    static func place(_ marker: String, plus offset: Int = 0) -> String {
        "PlaceFilterFixtures.swift:\(SourceLine.marked(marker, in: fixtures, sourceLocation: #_sourceLocation) + offset)"
    }

    /// Runs the XCTest and the Swift Testing fixtures, each in its process, with `filter`.
    static func run(_ filter: (String) -> String) async throws -> (xctest: Run.Ended, swiftTesting: Run.Ended) {
        let folder = try Run.Folder()
        let xctest = try await Run.run(
            [[.xctest("PlaceXCTestFixtures")]], in: folder, environment: ["RUNDOWN_FILTER": filter("XC")])
        let swiftTesting = try await Run.run(
            [[.swiftTesting("PlaceSwiftTestingFixtures")]], in: folder, environment: ["RUNDOWN_FILTER": filter("ST")])
        return (xctest[0], swiftTesting[0])
    }

    @Test func aLineInAnExamplesBodyRunsThatExampleWithItsHooks() async throws {
        let (xctest, swiftTesting) = try await Self.run { name in Self.place("\(name) has no top", plus: 1) }
        for (name, ended) in [("XC", xctest), ("ST", swiftTesting)] {
            #expect(ended.status == 0, "\(ended.lines)")
            #expect(
                ended.ran == [
                    "ran: \(name) beforeEach", "ran: \(name) when empty beforeAll", "ran: \(name) has no top",
                ],
                "\(ended.lines)")
            #expect(
                ended.lines.contains(
                    "Rundown: 'Places \(name)': 1 example selected, 3 filtered out (RUNDOWN_FILTER=\(Self.place("\(name) has no top", plus: 1)))"
                ), "\(ended.lines)")
        }
    }

    @Test func placesOfAGroupAndAnExampleAndAPathPatternMixInOneList() async throws {
        let (xctest, swiftTesting) = try await Self.run { name in
            "\(Self.place("\(name) group")) | \(Self.place("\(name) pushes"))|counts"
        }
        for (name, ended) in [("XC", xctest), ("ST", swiftTesting)] {
            #expect(ended.status == 0, "\(ended.lines)")
            // The group runs whole, with its beforeAll; the place of "pushes" and the pattern add theirs.
            #expect(
                ended.ran == [
                    "ran: \(name) beforeEach", "ran: \(name) when empty beforeAll", "ran: \(name) pops nothing",
                    "ran: \(name) has no top", "ran: \(name) beforeEach", "ran: \(name) pushes",
                    "ran: \(name) beforeEach", "ran: \(name) counts",
                ], "\(ended.lines)")
        }
    }

    // reaches: RundownWarning.placeNamesNothing
    @Test func aPlaceNamingNothingWarnsAndTheSpecIsSkipped() async throws {
        let (xctest, swiftTesting) = try await Self.run { _ in "PlaceFilterFixtures.swift:3" }
        for (name, ended) in [("XC", xctest), ("ST", swiftTesting)] {
            #expect(ended.status == 0, "\(ended.lines)")
            #expect(ended.ran.isEmpty, "\(ended.lines)")
            let first = SourceLine.marked("\(name) spec", in: Self.fixtures, sourceLocation: #_sourceLocation)
            #expect(
                ended.lines.contains(
                    "Rundown: warning: RUNDOWN_FILTER place 'PlaceFilterFixtures.swift:3' names no element of 'Places \(name)': nothing of it is declared on or above that line of the file; its first element there is on line \(first). Give the line of an example, a group or a hook, or a line below one (a line inside an example's body names the example)"
                ), "\(ended.lines)")
            #expect(
                ended.lines.contains(
                    "Rundown: 'Places \(name)': no example selected, 4 filtered out (RUNDOWN_FILTER=PlaceFilterFixtures.swift:3)"
                ), "\(ended.lines)")
        }
        // Behaviour#Nothing-selected-is-no-pass: skipped, as when a pattern selects nothing.
        #expect(
            xctest.lines.contains("Test Case 'PlaceXCTestFixtures.testPlaces' skipped (TIME seconds)"),
            "\(xctest.lines)")
        // Without the `.specs` trait, Swift Testing's test goes on, with the skip as a warning at the spec.
        let spec = SourceLine.marked("ST spec", in: Self.fixtures, sourceLocation: #_sourceLocation)
        #expect(
            swiftTesting.lines.contains {
                $0.hasPrefix("⚠︎ Test places() recorded a warning at PlaceFilterFixtures.swift:\(spec):")
            },
            "\(swiftTesting.lines)")
        #expect(
            swiftTesting.lines.contains(
                "↳ Places ST: skipped (no example selected by RUNDOWN_FILTER=PlaceFilterFixtures.swift:3)"),
            "\(swiftTesting.lines)")
    }

    @Test func aPlaceSelectsTheOneArgumentOfASpecThatItNames() async throws {
        let folder = try Run.Folder()
        // The closing line of "second"'s body: a run of "first" builds only "first", yet does not run it.
        let place = Self.place("argument second", plus: 2)
        let ended = try await Run.run(
            [[.swiftTesting("PlaceArgumentFixtures")]], in: folder, environment: ["RUNDOWN_FILTER": place])
        #expect(ended[0].status == 0, "\(ended[0].lines)")
        #expect(ended[0].ran == ["ran: argument second"], "\(ended[0].lines)")
    }
}
#endif
