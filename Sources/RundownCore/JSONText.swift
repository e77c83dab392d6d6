/// JSON as Rundown writes it: one object per line, for tools that read a listing or an event
/// stream (`RUNDOWN_LIST=json`, `RUNDOWN_EVENTS`).
///
/// A small writer rather than Foundation's `JSONEncoder`: the records are flat, their keys are
/// written in the order a reader sees them in the documentation (an encoder sorts or scrambles
/// them), and the core links no Foundation. What must be right is the escaping of strings (RFC
/// 8259 §7): a quote, a backslash and every control character below U+0020 are escaped, and
/// everything else, non-ASCII included, passes through as UTF-8, so a path written in any script
/// reads back exactly. The one exception is U+FEFF, escaped too: readers take it for a byte order
/// mark and drop it even inside a string (corelibs Foundation's `JSONSerialization` does).
package enum JSONText {
    /// `text` as a JSON string, quotes included.
    package static func string(_ text: String) -> String {
        // Most strings (names, paths, files) need no escape: one pass over their bytes finds that,
        // and they are written whole. U+FEFF is the only scalar above U+001F that is escaped; its
        // UTF-8 starts with 0xEF, a byte only scalars from U+F000 to U+FFFF start with.
        let plain = text.utf8.allSatisfy { byte in byte >= 0x20 && byte != 0x22 && byte != 0x5C && byte != 0xEF }
        if plain { return "\"" + text + "\"" }
        var written = "\""
        written.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case "\t": written += "\\t"
            case "\u{08}": written += "\\b"
            case "\u{0C}": written += "\\f"
            case "\u{00}"..."\u{1F}", "\u{FEFF}": written += "\\u" + hex4(scalar.value)
            default: written.unicodeScalars.append(scalar)
            }
        }
        written += "\""
        return written
    }

    /// The strings as a JSON array of strings.
    package static func array(_ strings: some Sequence<String>) -> String {
        "[" + strings.lazy.map(string).joined(separator: ",") + "]"
    }

    /// A number as JSON writes it; JSON has no infinity and no NaN, so those are `null`.
    package static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// One JSON object, its members in the order they were added; `line` is the object and a newline,
/// ready to append to a JSON Lines stream.
///
/// Keys are not checked for duplicates: the writers name each key once, in code.
package struct JSONObject: Sendable {
    private var members: [String] = []

    /// An object with no members yet.
    package init() {}

    /// Adds a string member.
    package mutating func add(_ key: String, _ value: String) {
        add(key, json: JSONText.string(value))
    }

    /// Adds an integer member.
    package mutating func add(_ key: String, _ value: some BinaryInteger) {
        add(key, json: String(value))
    }

    /// Adds a number member (`null` when not finite).
    package mutating func add(_ key: String, _ value: Double) {
        add(key, json: JSONText.number(value))
    }

    /// Adds a true-or-false member.
    package mutating func add(_ key: String, _ value: Bool) {
        add(key, json: value ? "true" : "false")
    }

    /// Adds an array of strings.
    package mutating func add(_ key: String, _ value: [String]) {
        add(key, json: JSONText.array(value))
    }

    /// Adds a member whose value is already JSON (a nested object or array the caller wrote).
    package mutating func add(_ key: String, json value: String) {
        members.append(JSONText.string(key) + ":" + value)
    }

    /// The object on one line, without a newline.
    package var text: String {
        "{" + members.joined(separator: ",") + "}"
    }

    /// The object and a newline: one line of JSON Lines.
    package var line: String {
        text + "\n"
    }
}
