/// The text that names one interleaving: `v1.3fa2.0102.9c1e22ab`.
///
/// Four dot-separated parts:
///
/// 1. `v1`, the format, so a later format can refuse an old token instead of misreading it;
/// 2. four hex digits hashed from the `explore` call's file and line, so `RUNDOWN_SCHEDULE`
///    replays the exploration it came from and leaves the test's other explorations alone
///    (`.replay(_:)` ignores it: pasted code is where it belongs);
/// 3. the choices, one character each (`0`–`9`, `a`–`z`, `A`–`Z` for 0 to 61; `_123_` beyond):
///    the option picked at each step that had more than one;
/// 4. eight hex digits hashed from every such step's options and pick, so a body that offers other
///    steps than the recorded run is caught even when the counts happen to agree.
struct ReplayToken: Equatable, Sendable, CustomStringConvertible {
    let site: String
    let choices: [Int]
    let check: String

    private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

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
        let parts = text.filter { !$0.isWhitespace }.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1", parts[1].count == 4, parts[1].allSatisfy(\.isHexDigit),
            parts[3].count == 8, parts[3].allSatisfy(\.isHexDigit)
        else { return nil }
        var choices: [Int] = []
        var rest = parts[2][...]
        while let first = rest.first {
            rest = rest.dropFirst()
            if first == "_" {
                guard let end = rest.firstIndex(of: "_"), let value = Int(rest[..<end]), value >= 0 else { return nil }
                choices.append(value)
                rest = rest[rest.index(after: end)...]
            } else if let value = Self.digits.firstIndex(of: first) {
                choices.append(value)
            } else {
                return nil
            }
        }
        self.init(site: String(parts[1]).lowercased(), choices: choices, check: String(parts[3]).lowercased())
    }

    var description: String {
        let encoded = choices.map { $0 < Self.digits.count ? String(Self.digits[$0]) : "_\($0)_" }.joined()
        return "v1.\(site).\(encoded).\(check)"
    }

    /// The site part for an `explore` call at `fileID` and `line`.
    static func site(fileID: String, line: Int) -> String {
        hex(fnv1a("\(fileID):\(line)") & 0xFFFF, width: 4)
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

/// One step at which the explorer had more than one option: their names, in the order offered, and
/// the index of the one it took.
struct Decision: Equatable, Sendable {
    let options: [String]
    let chosen: Int
}
