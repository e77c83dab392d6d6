/// The text of an interleaving's replay token, `v1.3fa2.0102.9c1e22ab`, read by one grammar for
/// both `RUNDOWN_SCHEDULE` and the explorer: what the setting takes, the explorer can replay, and
/// anything else is a warning rather than a token silently ignored.
///
/// Four dot-separated parts, whitespace ignored: `v1`; four hex digits (the site); the choices, one
/// character each (`0`–`9`, `a`–`z`, `A`–`Z` for 0 to 61) or a decimal number between underscores
/// (`_62_`); eight hex digits (the check). The explorer's `ReplayToken` says what each part means.
package struct ReplayTokenText: Equatable, Sendable {
    /// The site, in lowercase.
    package let site: String
    /// The option picked at each choice.
    package let choices: [Int]
    /// The check, in lowercase.
    package let check: String

    /// The characters of choices 0 to 61.
    package static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Reads a token; `nil` for anything that is not exactly the format above.
    package init?(_ text: String) {
        let parts = text.filter { !$0.isWhitespace }.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "v1", Self.isHex(parts[1], count: 4), Self.isHex(parts[3], count: 8),
            let choices = Self.choices(parts[2])
        else { return nil }
        site = parts[1].lowercased()
        self.choices = choices
        check = parts[3].lowercased()
    }

    private static func isHex(_ part: Substring, count: Int) -> Bool {
        part.count == count && part.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    private static func choices(_ part: Substring) -> [Int]? {
        var choices: [Int] = []
        var rest = part
        while let first = rest.first {
            rest = rest.dropFirst()
            if first == "_" {
                guard let end = rest.firstIndex(of: "_") else { return nil }
                let number = rest[..<end]
                guard !number.isEmpty, number.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(number)
                else { return nil }
                choices.append(value)
                rest = rest[rest.index(after: end)...]
            } else if let value = digits.firstIndex(of: first) {
                choices.append(value)
            } else {
                return nil
            }
        }
        return choices
    }
}
