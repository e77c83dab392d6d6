/// A place in the source code: where an element or hook was declared, or where
/// an assertion failed.
///
/// Rundown captures all four pieces because the two test frameworks want
/// different ones: Swift Testing needs the file ID and column, XCTest the full path.
public struct CodeLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's ID, `Module/File.swift`.
    public var fileID: String
    /// The file's full path.
    public var filePath: String
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1.
    public var column: Int

    /// Creates a location.
    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// The file name and line, `File.swift:12`, as people read it in a log.
    public var description: String {
        let fileName = fileID.split(separator: "/").last.map(String.init) ?? fileID
        return "\(fileName):\(line)"
    }
}
