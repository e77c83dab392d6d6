import Foundation

/// The folder of the package's `Package.swift`, found from a source file of
/// the tests.
///
/// Tests that read the package's own files (fixtures, articles, the compile
/// fixtures, the sources) start from their `#filePath` and walk up to the
/// first folder holding a `Package.swift`, so a test file can move between
/// the folders of `Tests` without counting `..` again.
package enum PackageRoot {
    /// The package root above `filePath`; the file's own folder if none is found
    /// (the reads that follow then fail, naming the path they tried).
    package static func of(_ filePath: String = #filePath) -> URL {
        let file = URL(fileURLWithPath: filePath)
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return file.deletingLastPathComponent()
    }
}
