import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Run-controls-work-the-same-everywhere, in process: the settings come from one table, which
/// also says which `RUNDOWN_*` variables are known; any other is a warning
/// naming it and the settings, and each setting is documented.
@Suite struct SettingsTableTests {
    private func warnings(_ environment: [String: String]) -> [String] {
        var warnings: [String] = []
        _ = RunSettings(environment: environment) { warnings.append($0) }
        return warnings
    }

    /// The settings as the warning lists them: every `RUNDOWN_*` row that reads a value, in
    /// the table's order, so that a setting added later is listed by adding its row.
    static let settings = RunSettings.table.filter { $0.name.hasPrefix("RUNDOWN_") && $0.read != nil }.map(\.name)
        .joined(separator: ", ")

    // reaches: SettingsWarning.unknownSetting
    @Test func aRundownVariableThatIsNoSettingIsAWarningNamingItAndTheSettings() {
        #expect(
            warnings(["RUNDOWN_SHARDS": "1/2", "RUNDOWN_FILTRE": "x", "RUNDOWN_": "", "RUNDOWNER": "1"]) == [
                "RUNDOWN_ is not a setting Rundown knows, and is ignored; the settings are \(Self.settings)",
                "RUNDOWN_FILTRE is not a setting Rundown knows, and is ignored; the settings are \(Self.settings)",
                "RUNDOWN_SHARDS is not a setting Rundown knows, and is ignored; the settings are \(Self.settings)",
            ])
    }

    @Test func aVariableListedTwiceCountsByItsLastValueAndIsReportedOnce() {
        var warnings: [String] = []
        let settings = RunSettings(
            variables: [
                ("RUNDOWN_SEED", "1"), ("RUNDOWN_FILTRE", "a"), ("RUNDOWN_SEED", "2"), ("RUNDOWN_FILTRE", "b"),
            ]
        ) { warnings.append($0) }
        #expect(settings.seed == 2)
        #expect(
            warnings == [
                "RUNDOWN_FILTRE is not a setting Rundown knows, and is ignored; the settings are \(Self.settings)"
            ])
    }

    /// The process's variables are read from the C environment on Linux: the
    /// same names and values as `ProcessInfo` gives, for a name listed and
    /// for the prefix.
    @Test func theProcessVariablesAreThoseProcessInfoHas() throws {
        let environment = ProcessInfo.processInfo.environment
        let name = try #require(environment.keys.min(), "the test process has an environment")
        let prefix = String(try #require(environment.keys.max()).prefix(3))
        let read = ProcessEnvironment.variables(named: [name], orPrefixed: prefix)
        let expected = environment.filter { $0.key == name || $0.key.hasPrefix(prefix) }
        #expect(read.count == expected.count)
        #expect(Dictionary(read, uniquingKeysWith: { $1 }) == expected)
    }

    @Test func theVariablesOfRundownsOwnScriptsAndTestsAreNoTypo() {
        // What Tests, Scripts, .ci and Benchmarks set; they run test binaries that read the settings.
        let own = ["RUNDOWN_FIXTURES", "RUNDOWN_CRASH_GUARD_CHILD", "RUNDOWN_LINT", "RUNDOWN_DOCS", "RUNDOWN_ONLY"]
        #expect(warnings(Dictionary(uniqueKeysWithValues: (own + ["RUNDOWN_ROOT"]).map { ($0, "1") })).isEmpty)
    }

    @Test func everySettingIsKnownByItsRowAndDocumented() throws {
        let names = RunSettings.table.filter { $0.read != nil }.map(\.name)
        // The settings of Behaviour#Focus-and-run-controls are rows (later ones join them by adding theirs).
        let documented = [
            "RUNDOWN_REPORT", "RUNDOWN_FILTER", "RUNDOWN_SHARD", "RUNDOWN_SEED", "RUNDOWN_FORBID_FOCUS",
            "RUNDOWN_JUNIT", "RUNDOWN_TIMEOUT_SCALE",
        ]
        #expect(Set(documented).isSubset(of: names))
        #expect(names.contains("CI"))
        // Every setting of the table appears in the two tables users read: RunSettings' comment and RunControls.md.
        let root = PackageRoot.of()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/Rundown/Rundown.docc/RunControls.md"), encoding: .utf8)
        let source = try String(
            contentsOf: root.appendingPathComponent("Sources/RundownSettings/RunSettings.swift"), encoding: .utf8)
        for name in names where name.hasPrefix("RUNDOWN_") {
            // In bold, not code voice: DocC breaks code voice at every underscore.
            #expect(article.contains("| **\(name)** |"), "RunControls.md documents \(name)")
            #expect(source.contains("/// | `\(name)` |"), "RunSettings' comment documents \(name)")
        }
    }

    @Test func aTimeoutScaleOutsideItsRangeIsAWarningAndOneIsUsed() {
        var warnings: [String] = []
        let huge = RunSettings(environment: ["RUNDOWN_TIMEOUT_SCALE": "1e18"]) { warnings.append($0) }
        let tiny = RunSettings(environment: ["RUNDOWN_TIMEOUT_SCALE": "1e-30"]) { warnings.append($0) }
        let edge = RunSettings(environment: ["RUNDOWN_TIMEOUT_SCALE": "1000"]) { warnings.append($0) }
        #expect(huge.timeoutScale == 1 && tiny.timeoutScale == 1 && edge.timeoutScale == 1000)
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.contains("is outside the range Rundown accepts") })
        // The largest factor still gives a deadline a Duration holds.
        #expect(Duration.seconds(10) * RunSettings.timeoutScaleRange.upperBound == .seconds(10_000))
    }

    @Test func anEmptyValueIsNoValueForEverySetting() {
        let names = RunSettings.table.map(\.name)
        #expect(warnings(Dictionary(uniqueKeysWithValues: names.map { ($0, "") })).isEmpty)
        #expect(RunSettings(environment: ["RUNDOWN_TIMEOUT_SCALE": ""]) { _ in }.timeoutScale == 1)
    }

    @Test func theFilterIgnoresCaseInThePathAsWellAsInThePattern() {
        // Behaviour#Filter-by-path: capitals in the path, lowercase in the pattern, and the other way round.
        let log = Log()
        let report = SpecEngine.run(
            root("Stack") {
                context("When Empty") {
                    it("Pops Nothing") { log("Pops Nothing") }
                }
                it("pushes") { log("pushes") }
                it("PEEKS") { log("PEEKS") }
            }, controls: RunSettings(environment: ["RUNDOWN_FILTER": "when empty, pops|Peeks"]) { _ in }.controls)
        #expect(log.entries == ["Pops Nothing", "PEEKS"])
        #expect(report.filteredOutCount == 1)
    }
}
