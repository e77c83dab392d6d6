import RundownEngine
import RundownSettings
import Testing

/// Behaviour#Progress-reports: `RUNDOWN_PROGRESS_AFTER` and `RUNDOWN_PROGRESS_EVERY` as the
/// engine gets them (its controls): durations as `RUNDOWN_TIME_LIMIT` reads them, `off`, the CI default.
@Suite struct ProgressSettingsTests {
    private static func read(_ environment: [String: String]) -> (controls: RunControls, warnings: [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment) { warnings.append($0) }
        return (settings.controls, warnings)
    }

    @Test func reportsAreOffByDefaultAndComeEveryThirtySeconds() {
        let (controls, warnings) = Self.read([:])
        #expect(controls.progressAfter == nil)
        #expect(controls.progressEvery == .seconds(30))
        #expect(warnings.isEmpty)
    }

    @Test func onCIReportsStartAfterTwoMinutesUnlessTurnedOff() {
        #expect(Self.read(["CI": "true"]).controls.progressAfter == .seconds(120))
        #expect(Self.read(["CI": "false"]).controls.progressAfter == nil)
        #expect(Self.read(["CI": "true", "RUNDOWN_PROGRESS_AFTER": "off"]).controls.progressAfter == nil)
        #expect(Self.read(["CI": "true", "RUNDOWN_PROGRESS_AFTER": "5m"]).controls.progressAfter == .seconds(300))
    }

    @Test func bothAreDurationsInMillisecondsSecondsOrMinutes() {
        for (value, duration) in [
            ("500ms", Duration.milliseconds(500)), ("90s", .seconds(90)), ("5m", .seconds(300)),
            ("1.5s", .milliseconds(1500)),
        ] {
            let (controls, warnings) = Self.read([
                "RUNDOWN_PROGRESS_AFTER": value, "RUNDOWN_PROGRESS_EVERY": value,
            ])
            #expect(controls.progressAfter == duration && controls.progressEvery == duration, "\(value)")
            #expect(warnings.isEmpty)
        }
        // A nested spec's controls keep them: the ticker is the process's.
        let nested = Self.read(["RUNDOWN_PROGRESS_AFTER": "2s", "RUNDOWN_PROGRESS_EVERY": "3s"]).controls.nested
        #expect(nested.progressAfter == .seconds(2) && nested.progressEvery == .seconds(3))
    }

    // reaches: SettingsWarning.progressAfterNotKnown
    @Test func anAfterThatIsNoDurationNorOffIsAWarningAndKeepsTheDefault() {
        let (controls, warnings) = Self.read(["RUNDOWN_PROGRESS_AFTER": "soon", "CI": "1"])
        #expect(controls.progressAfter == .seconds(120))
        #expect(
            warnings == [
                "RUNDOWN_PROGRESS_AFTER=soon is not a duration Rundown knows, and it keeps its default (off; 120s when CI is set); valid forms: RUNDOWN_PROGRESS_AFTER=<a number above 0 with ms, s or m>, such as RUNDOWN_PROGRESS_AFTER=90s, RUNDOWN_PROGRESS_AFTER=5m, RUNDOWN_PROGRESS_AFTER=1.5s; RUNDOWN_PROGRESS_AFTER=off"
            ])
        #expect(Self.read(["RUNDOWN_PROGRESS_AFTER": "0s"]).warnings.count == 1)
    }

    // reaches: SettingsWarning.progressEveryNotKnown
    @Test func anEveryThatIsNoDurationIsAWarningAndKeepsThirtySeconds() {
        let (controls, warnings) = Self.read(["RUNDOWN_PROGRESS_EVERY": "off"])
        #expect(controls.progressEvery == .seconds(30))
        #expect(
            warnings == [
                "RUNDOWN_PROGRESS_EVERY=off is not a duration Rundown knows, and it keeps its default (30s); valid forms: RUNDOWN_PROGRESS_EVERY=<a number above 0 with ms, s or m>, such as RUNDOWN_PROGRESS_EVERY=500ms, RUNDOWN_PROGRESS_EVERY=30s, RUNDOWN_PROGRESS_EVERY=5m, RUNDOWN_PROGRESS_EVERY=1.5s"
            ])
    }
}
