import Foundation
import RundownEngine
import RundownSettings
import RundownTestSupport
import Testing

@testable import Rundown

/// Behaviour#Rerunning-what-failed: what `RUNDOWN_FAILURES` lists (every failed example, a late
/// failure's example, a failing group hook's group) and what `RUNDOWN_FILTER=@file` reads back,
/// seen from inside one process. `FailuresFileOutputTests` runs the processes of whole runs.
@Suite struct FailuresListTests {
    private func settings(_ environment: [String: String]) -> (RunSettings, [String]) {
        var warnings: [String] = []
        let settings = RunSettings(environment: environment) { warnings.append($0) }
        return (settings, warnings)
    }

    // reaches: SettingsWarning.filterFileIsFolder
    @Test func aFolderGivenAsTheFilterFileIsAWarningThatSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rundown-folder-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (read, warnings) = settings(["RUNDOWN_FILTER": "@\(folder.path)"])
        #expect(read.controls.exactPaths == nil)
        #expect(
            warnings == [
                "RUNDOWN_FILTER=@\(folder.path): that is a folder, not a file, and every example runs; name the file in it that RUNDOWN_FAILURES wrote; valid forms: RUNDOWN_FILTER=pattern, RUNDOWN_FILTER=pattern|pattern|…, RUNDOWN_FILTER=@file (a file of example paths, one a line, as RUNDOWN_FAILURES writes them)"
            ])
    }
}
