import RundownSettings

/// The text that names one interleaving: `v1.3fa2.0102.9c1e22ab`.
///
/// Four dot-separated parts (read by `ReplayTokenText`, the grammar `RUNDOWN_SCHEDULE` shares):
///
/// 1. `v1`, the format, so a later format can refuse an old token instead of misreading it;
/// 2. four hex digits hashed from the `explore` call's file and line and the test that runs it, so
///    `RUNDOWN_SCHEDULE` replays the exploration it came from, in the test it came from, and
///    leaves the other explorations alone, a helper's called by other tests included
///    (`.replay(_:)` ignores it: pasted code is where it belongs);
/// 3. the choices, one character each (`0`–`9`, `a`–`z`, `A`–`Z` for 0 to 61; `_123_` beyond):
///    the option picked at each step that had more than one;
/// 4. eight hex digits hashed from every such step's options and pick, so a body that offers other
///    steps than the recorded run is caught even when the counts happen to agree.
struct ReplayToken: Equatable, Sendable, CustomStringConvertible {
    let site: String
    let choices: [Int]
    let check: String

    init(site: String, choices: [Int], check: String) {
        self.site = site
        self.choices = choices
        self.check = check
    }

    /// The token of a run that made `decisions`, at `site`.
    init(site: String, decisions: [Decision]) {
        self.init(site: site, choices: decisions.map(\.chosen), check: Self.check(of: decisions))
    }

    /// Reads a token; `nil` for anything that is not exactly the format above.
    init?(_ text: String) {
        guard let parsed = ReplayTokenText(text) else { return nil }
        self.init(site: parsed.site, choices: parsed.choices, check: parsed.check)
    }

    var description: String {
        let digits = ReplayTokenText.digits
        let encoded = choices.map { $0 < digits.count ? String(digits[$0]) : "_\($0)_" }.joined()
        return "v1.\(site).\(encoded).\(check)"
    }

    /// The site part for an `explore` call at `fileID` and `line`, run by `test` (`nil` where no
    /// test can be told: see ``ExplorationSite/testName``).
    static func site(fileID: String, line: Int, test: String?) -> String {
        var key = "\(fileID):\(line)"
        if let test { key += "\u{1}" + test }
        return hex(fnv1a(key) & 0xFFFF, width: 4)
    }

    static func check(of decisions: [Decision]) -> String {
        var text = ""
        for decision in decisions {
            text += decision.options.joined(separator: "\u{1}")
            text += "\u{2}\(decision.chosen)\u{3}"
        }
        return hex(fnv1a(text), width: 8)
    }

    /// FNV-1a, 32 bits: stable across processes, unlike `Hasher`.
    private static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash &*= 0x0100_0193
        }
        return hash
    }

    private static func hex(_ value: UInt32, width: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
