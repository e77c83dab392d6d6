/// An error that knows the source line it should be reported at.
///
/// A helper that throws on behalf of its caller (a polling wait that timed out, say) conforms, so
/// the failure points at the helper's call instead of the element that was running. The helper
/// takes its caller's location the way the DSL does (see <doc:SourceLocations>):
///
/// ```swift
/// struct StillLoading: LocatedError, CustomStringConvertible {
///     var location: CodeLocation
///     var description: String { "the page is still loading" }
/// }
///
/// func expectLoaded(
///     _ page: Page, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
/// ) throws {
///     guard page.isLoaded else {
///         throw StillLoading(location: CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column))
///     }
/// }
/// ```
///
/// A spec whose example calls `try expectLoaded(page)` reports the failure at that call.
public protocol LocatedError: Error {
    /// Where the call that failed is.
    var location: CodeLocation { get }
}
