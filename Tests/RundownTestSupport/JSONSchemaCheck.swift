import Foundation

/// A JSON value, read exactly: an integer is told from a number with a
/// fraction, `true` from `1`, and an object keeps its keys in order (a key
/// given twice is an error), which `JSONSerialization` does not promise.
package indirect enum JSONValue: Equatable, CustomStringConvertible {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// The value of `key`, for an object that has it.
    package subscript(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    package var intValue: Int? {
        if case .integer(let number) = self { return number }
        return nil
    }

    package var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// An array of strings as one, or `nil`.
    package var strings: [String]? {
        arrayValue?.map(\.stringValue).reduce(into: [String]?.some([])) { all, item in
            guard let item else {
                all = nil
                return
            }
            all?.append(item)
        }
    }

    package var description: String {
        switch self {
        case .object(let members): "{" + members.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .array(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        case .string(let text): "\"\(text)\""
        case .integer(let number): "\(number)"
        case .number(let number): "\(number)"
        case .bool(let flag): "\(flag)"
        case .null: "null"
        }
    }

    /// Reads one JSON text (RFC 8259), or says where it is not one.
    package init(parsing text: String) throws(JSONSyntaxError) {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        reader.skipSpace()
        self = try reader.value()
        reader.skipSpace()
        guard reader.index == reader.scalars.count else { throw reader.error("text after the value") }
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        func error(_ problem: String) -> JSONSyntaxError {
            JSONSyntaxError(problem: problem, offset: index)
        }

        mutating func skipSpace() {
            while index < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[index]) { index += 1 }
        }

        mutating func expect(_ word: String) throws(JSONSyntaxError) {
            for scalar in word.unicodeScalars {
                guard index < scalars.count, scalars[index] == scalar else { throw error("expected \(word)") }
                index += 1
            }
        }

        mutating func value() throws(JSONSyntaxError) -> JSONValue {
            guard index < scalars.count else { throw error("a value is missing") }
            switch scalars[index] {
            case "{": return try object()
            case "[": return try array()
            case "\"": return .string(try string())
            case "t":
                try expect("true")
                return .bool(true)
            case "f":
                try expect("false")
                return .bool(false)
            case "n":
                try expect("null")
                return .null
            default: return try number()
            }
        }

        mutating func object() throws(JSONSyntaxError) -> JSONValue {
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            skipSpace()
            if index < scalars.count, scalars[index] == "}" {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard index < scalars.count, scalars[index] == "\"" else { throw error("expected a key") }
                let key = try string()
                guard !members.contains(where: { $0.key == key }) else { throw error("the key \(key) twice") }
                skipSpace()
                try expect(":")
                skipSpace()
                members.append((key, try value()))
                skipSpace()
                guard index < scalars.count else { throw error("an object is not closed") }
                index += 1
                if scalars[index - 1] == "}" { return .object(members) }
                guard scalars[index - 1] == "," else { throw error("expected , or }") }
            }
        }

        mutating func array() throws(JSONSyntaxError) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if index < scalars.count, scalars[index] == "]" {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value())
                skipSpace()
                guard index < scalars.count else { throw error("an array is not closed") }
                index += 1
                if scalars[index - 1] == "]" { return .array(items) }
                guard scalars[index - 1] == "," else { throw error("expected , or ]") }
            }
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            var text = String.UnicodeScalarView()
            while true {
                guard index < scalars.count else { throw error("a string is not closed") }
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case "\"": return String(text)
                case "\\":
                    guard index < scalars.count else { throw error("an escape is cut off") }
                    let escaped = scalars[index]
                    index += 1
                    switch escaped {
                    case "\"", "\\", "/": text.append(escaped)
                    case "n": text.append("\n")
                    case "r": text.append("\r")
                    case "t": text.append("\t")
                    case "b": text.append("\u{08}")
                    case "f": text.append("\u{0C}")
                    case "u":
                        var code = try hex4()
                        if (0xD800..<0xDC00).contains(code) {
                            try expect("\\u")
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate") }
                            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                        }
                        guard let decoded = Unicode.Scalar(code) else { throw error("a lone surrogate") }
                        text.append(decoded)
                    default: throw error("an unknown escape \\\(escaped)")
                    }
                case _ where scalar.value < 0x20: throw error("a control character in a string")
                default: text.append(scalar)
                }
            }
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            guard index + 4 <= scalars.count,
                let code = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16)
            else { throw error("expected four hex digits") }
            index += 4
            return code
        }

        mutating func number() throws(JSONSyntaxError) -> JSONValue {
            let start = index
            func digits() -> Int {
                let from = index
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                return index - from
            }
            if index < scalars.count, scalars[index] == "-" { index += 1 }
            let whole = digits()
            guard whole > 0 else { throw error("expected a value") }
            guard whole == 1 || scalars[index - whole] != "0" else { throw error("a number with a leading 0") }
            var isInteger = true
            if index < scalars.count, scalars[index] == "." {
                index += 1
                isInteger = false
                guard digits() > 0 else { throw error("a fraction without digits") }
            }
            if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                index += 1
                isInteger = false
                if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" { index += 1 }
                guard digits() > 0 else { throw error("an exponent without digits") }
            }
            let text = String(String.UnicodeScalarView(scalars[start..<index]))
            if isInteger, let integer = Int(text) { return .integer(integer) }
            guard let number = Double(text) else { throw error("a number out of range") }
            return .number(number)
        }
    }
}

/// Why a text is no JSON, and where.
package struct JSONSyntaxError: Error, CustomStringConvertible {
    package var problem: String
    package var offset: Int
    package var description: String { "\(problem) at character \(offset)" }
}

/// Checks JSON values against a JSON Schema (draft 2020-12), for the part of
/// it Rundown's schemas use: `type` (one or a list), `enum`, `required`,
/// `properties`, `additionalProperties: false`, `items`, `oneOf`, and `$ref`
/// to `#/$defs/…`. Any other keyword of a schema is an error of the check,
/// so that a schema cannot say more than is checked.
package struct JSONSchemaCheck {
    let root: JSONValue

    package init(_ schema: JSONValue) {
        root = schema
    }

    /// What is wrong with `value`, each with where (`/path/0`); none if it is valid.
    package func problems(of value: JSONValue) -> [String] {
        var found: [String] = []
        check(value, against: root, at: "", into: &found)
        return found
    }

    private static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    private func check(_ value: JSONValue, against schema: JSONValue, at place: String, into found: inout [String]) {
        guard case .object(let keywords) = schema else { return found.append("\(place): the schema is no object") }
        for (keyword, rule) in keywords {
            switch keyword {
            case _ where Self.annotations.contains(keyword): continue
            case "$ref":
                guard let reference = rule.stringValue, reference.hasPrefix("#/$defs/"),
                    let target = root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
                else {
                    found.append("\(place): the schema's reference \(rule) names nothing")
                    continue
                }
                check(value, against: target, at: place, into: &found)
            case "type":
                let types = rule.strings ?? rule.stringValue.map { [$0] } ?? []
                if !types.contains(where: { Self.isOfType(value, $0) }) {
                    found.append("\(place): \(value) is not of type \(types.joined(separator: " or "))")
                }
            case "enum":
                if !(rule.arrayValue ?? []).contains(value) {
                    found.append("\(place): \(value) is none of \(rule)")
                }
            case "required":
                guard case .object = value else { continue }
                for key in rule.strings ?? [] where value[key] == nil {
                    found.append("\(place): \(key) is missing")
                }
            case "properties":
                guard case .object(let members) = value, case .object(let properties) = rule else { continue }
                for (key, member) in members {
                    if let property = properties.first(where: { $0.key == key }) {
                        check(member, against: property.value, at: "\(place)/\(key)", into: &found)
                    }
                }
            case "additionalProperties":
                guard rule == .bool(false) else {
                    found.append("\(place): the check knows additionalProperties: false only")
                    continue
                }
                guard case .object(let members) = value else { continue }
                let known =
                    schema["properties"].flatMap { properties -> [String]? in
                        guard case .object(let properties) = properties else { return nil }
                        return properties.map(\.key)
                    } ?? []
                for (key, _) in members where !known.contains(key) {
                    found.append("\(place): \(key) is no property of the schema")
                }
            case "items":
                guard case .array(let items) = value else { continue }
                for (index, item) in items.enumerated() {
                    check(item, against: rule, at: "\(place)/\(index)", into: &found)
                }
            case "oneOf":
                let matches = (rule.arrayValue ?? []).map { option in
                    var theirs: [String] = []
                    check(value, against: option, at: place, into: &theirs)
                    return theirs
                }
                let valid = matches.count { $0.isEmpty }
                if valid != 1 {
                    let closest = matches.min { $0.count < $1.count } ?? []
                    found.append(
                        "\(place): \(valid) of the schema's \(matches.count) choices match, not one"
                            + (valid == 0 ? " (closest: \(closest.joined(separator: "; ")))" : ""))
                }
            default:
                found.append("\(place): the check does not know the keyword \(keyword)")
            }
        }
    }

    private static func isOfType(_ value: JSONValue, _ type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("integer", .integer),
            ("number", .integer), ("number", .number), ("boolean", .bool), ("null", .null):
            true
        default: false
        }
    }
}
