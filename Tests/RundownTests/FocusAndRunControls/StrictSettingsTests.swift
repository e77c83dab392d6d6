import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Settings-not-understood-fail-on-CI, in process: when settings are
/// strict (`CI`, or `RUNDOWN_STRICT=1`), every warning of the settings is also a
/// failure the run is given, recorded at the spec's call before anything runs.
/// `StrictSettingsOutputTests` runs the same from the environment, in child
/// processes, under both frameworks and with no host.
@Suite struct StrictSettingsTests {
    private func settings(_ environment: [String: String]) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment) { warnings.append($0) }
        return (settings, warnings)
    }

    static let shardWarning =
        "RUNDOWN_SHARD=1/3x is not a shard Rundown knows; valid forms: RUNDOWN_SHARD=i/n with 1 <= i <= n, such as RUNDOWN_SHARD=2/5"

    @Test func ciMakesEveryWarningAFailureToo() {
        let (read, warnings) = settings(["CI": "true", "RUNDOWN_SHARD": "1/3x", "RUNDOWN_SHARDS": "1/3"])
        let unknown =
            "RUNDOWN_SHARDS is not a setting Rundown knows, and is ignored; the settings are \(SettingsTableTests.settings)"
        #expect(read.strict)
        #expect(warnings == [Self.shardWarning, unknown])
        #expect(
            read.settingFailures == [
                SettingNotUnderstood(problem: Self.shardWarning, strictBecause: "CI=true"),
                SettingNotUnderstood(problem: unknown, strictBecause: "CI=true"),
            ])
        // The run still does what it can read: the shard keeps its default.
        #expect(read.shard == nil)
        #expect(read.controls.settingFailures == read.settingFailures)
    }

    @Test func withoutCIAWarningIsOnlyAWarning() {
        for environment in [["RUNDOWN_SHARD": "1/3x"], ["CI": "false", "RUNDOWN_SHARD": "1/3x"]] {
            let (read, warnings) = settings(environment)
            #expect(!read.strict, "\(environment)")
            #expect(warnings == [Self.shardWarning], "\(environment)")
            #expect(read.settingFailures.isEmpty, "\(environment)")
        }
    }

    @Test func rundownStrictOverridesCIEitherWay() {
        let strict = settings(["RUNDOWN_STRICT": "1", "RUNDOWN_SHARD": "1/3x"]).0
        #expect(
            strict.settingFailures == [
                SettingNotUnderstood(problem: Self.shardWarning, strictBecause: "RUNDOWN_STRICT=1")
            ])
        let lenient = settings(["CI": "true", "RUNDOWN_STRICT": "0", "RUNDOWN_SHARD": "1/3x"])
        #expect(!lenient.0.strict && lenient.0.settingFailures.isEmpty)
        #expect(lenient.1 == [Self.shardWarning])
        // Settings that are all understood fail nothing, strict or not; an empty value is no value.
        #expect(settings(["CI": "true", "RUNDOWN_SHARD": "1/3"]).0.settingFailures.isEmpty)
        #expect(settings(["CI": "true", "RUNDOWN_STRICT": ""]).0.strict)
    }

    /// `RUNDOWN_FILTER=@f` with no file `f` is a setting that cannot be read,
    /// unless `RUNDOWN_FAILURES` names `f` too: the first run of a rerun loop,
    /// which runs everything by design.
    @Test func aMissingPathListIsAFailureUnlessTheFailuresFileIsTheSame() {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-none-\(UUID())").path
        let warning =
            "RUNDOWN_FILTER=@\(file): the file cannot be read (no such file), and every example runs; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them), RUNDOWN_FILTER=File.swift:42 (the element declared on that line of that file, or the nearest one above it), entries mixed as RUNDOWN_FILTER=entry|entry|…"
        let alone = settings(["CI": "true", "RUNDOWN_FILTER": "@" + file])
        #expect(alone.1 == [warning])
        #expect(alone.0.settingFailures == [SettingNotUnderstood(problem: warning, strictBecause: "CI=true")])
        for failures in [file, file.replacingOccurrences(of: "/rundown-none-", with: "/./rundown-none-")] {
            let loop = settings(["CI": "true", "RUNDOWN_FILTER": "@" + file, "RUNDOWN_FAILURES": failures])
            #expect(loop.1 == [warning])
            #expect(loop.0.settingFailures.isEmpty, "RUNDOWN_FAILURES=\(failures)")
        }
        let other = settings(["CI": "true", "RUNDOWN_FILTER": "@" + file, "RUNDOWN_FAILURES": file + ".other"])
        #expect(other.0.settingFailures.count == 1)
    }

    // reaches: SettingsWarning.strictNotKnown
    @Test func aStrictValueThatIsNeitherOneNorZeroIsItselfAWarningOrUnderCIAFailure() {
        let warning = "RUNDOWN_STRICT=yes is not a value Rundown knows; valid forms: RUNDOWN_STRICT=1, RUNDOWN_STRICT=0"
        let local = settings(["RUNDOWN_STRICT": "yes"])
        #expect(local.1 == [warning])
        #expect(!local.0.strict && local.0.settingFailures.isEmpty)
        let onCI = settings(["CI": "1", "RUNDOWN_STRICT": "yes"])
        #expect(onCI.1 == [warning])
        #expect(onCI.0.settingFailures == [SettingNotUnderstood(problem: warning, strictBecause: "CI=1")])
    }

    /// The engine records each failure the controls carry once, on the spec's
    /// root and at its line, before anything runs; everything still runs.
    // reaches: SettingNotUnderstood
    @Test func theEngineFailsTheSpecAtItsLineWithEachSettingAndRunsEverything() {
        let location = CodeLocation(
            fileID: "App/CartTests.swift", filePath: "/src/App/CartTests.swift", line: 7, column: 9)
        let ran = Log()
        let report = SpecEngine.run(
            GroupNode(
                description: "Cart", location: location,
                content: root("Cart") {
                    it("adds") { ran("adds") }
                }.content),
            controls: RunControls(
                settingFailures: [SettingNotUnderstood(problem: Self.shardWarning, strictBecause: "CI=true")]))
        #expect(ran.entries == ["adds"])
        #expect(report.passedCount == 1)
        try? #require(report.failures.count == 1)
        #expect(
            report.failures.map(\.description) == [
                "Cart: \(Self.shardWarning); correct or unset it: with CI=true, a setting Rundown cannot read fails the first spec of the process (RUNDOWN_STRICT=0 makes it a warning)"
            ])
        #expect(report.failures.first?.path == ["Cart"])
        #expect(report.failures.first?.location == location)
    }

    /// A spec given strict settings that it cannot read fails at its `spec`
    /// call; with no host, that failure is the one thrown.
    @Test func aSpecRunWithStrictSettingsThrowsTheSettingsFailureAtItsCall() async {
        let (strict, _) = settings(["RUNDOWN_STRICT": "1", "RUNDOWN_SHARD": "1/3x"])
        let ran = Log()
        let line = SourceLine.marked("strict spec")
        // A detached task sees no test: the caller's host throws the spec's first failure.
        let thrown = await Task.detached { () -> String? in
            do {
                let root = Self.calledRoot("Cart", line: #line) { it("adds") { ran("adds") } }  // line: strict spec
                try SpecRun(root, settings: strict).run()
                return nil
            } catch let failure as SpecFailure {
                return "\(failure) @\(failure.location.line)"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(ran.entries == ["adds"])
        #expect(
            thrown
                == "Cart: \(Self.shardWarning); correct or unset it: with RUNDOWN_STRICT=1, a setting Rundown cannot read fails the first spec of the process (RUNDOWN_STRICT=0 makes it a warning) @\(line)"
        )
    }

    /// The root of a spec as `spec` makes it when called at `line` of this file.
    private static func calledRoot(
        _ name: String, line: Int, @ExampleBuilder<SyncCall> _ content: () -> ExampleGroup<SyncCall>
    ) -> SpecRoot<SyncCall> {
        SpecRoot(
            SpecCall(
                name, [], function: "", fileID: "RundownTests/StrictSettingsTests.swift", filePath: #filePath,
                line: line, column: 1),
            content: content())
    }
}
