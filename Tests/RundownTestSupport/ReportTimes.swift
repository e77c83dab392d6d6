/// Progress reports as tests compare them: each duration they print
/// (`running for 3.2 s`), which no test can know, written `N s`.
package enum ReportTimes {
    /// `text` with every `<digits>.<digit> s` (not `… seconds`) written `N s`.
    package static func masked(_ text: String) -> String {
        text.replacing(/\d+\.\d s\b/, with: "N s")
    }

    /// The first `count` lines of `text`, durations masked: a report's own
    /// lines, before the lines of the toolkit's waits.
    package static func lines(_ text: String, first count: Int) -> [String] {
        masked(text).split(separator: "\n", omittingEmptySubsequences: false).prefix(count).map(String.init)
    }
}
