/// An error that a test framework has already reported by the time it is
/// thrown, such as the one `#require` throws after recording its issue. The
/// element that threw it failed, but a framework's host does not report it a
/// second time. (With no framework running, nothing reported it, so it is
/// the caller's to see.)
package protocol ReportedByFramework: Error {}
