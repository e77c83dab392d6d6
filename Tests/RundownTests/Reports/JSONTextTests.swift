import Foundation
import RundownEngine
import Testing

/// Behaviour#A-list-is-the-plan: the JSON a listing (and the event stream) writes reads back
/// exactly, whatever a step holds.
@Suite struct JSONTextTests {
    @Test func quotesBackslashesAndControlCharactersAreEscaped() {
        #expect(JSONText.string(#"say "hi""#) == #""say \"hi\"""#)
        #expect(JSONText.string(#"a\b"#) == #""a\\b""#)
        #expect(JSONText.string("line\nnext\r\tend") == #""line\nnext\r\tend""#)
        #expect(JSONText.string("\u{00}\u{01}\u{08}\u{0C}\u{1B}\u{1F}") == #""\u0000\u0001\b\f\u001b\u001f""#)
    }

    @Test func nonASCIIPassesThroughSaveAByteOrderMark() {
        #expect(JSONText.string("\u{FEFF}") == #""\ufeff""#)
        #expect(JSONText.string("größer, 大きい 🧪\u{7F}\u{2028}") == "\"größer, 大きい 🧪\u{7F}\u{2028}\"")
    }

    @Test func everyStringReadsBackExactly() throws {
        var awkward = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        awkward += [#""a, b", c"#, "\\\"", "é", "e\u{301}", "🇨🇭", "\u{FEFF}x", ""]
        for text in awkward {
            let read =
                try JSONSerialization.jsonObject(
                    with: Data(JSONText.array([text]).utf8), options: []) as? [String]
            #expect(read == [text], "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func anObjectKeepsItsMembersInOrderOnOneLine() throws {
        var object = JSONObject()
        object.add("kind", "example")
        object.add("path", ["Stack", "a, b", #"say "hi""#])
        object.add("line", 12)
        object.add("late", false)
        object.add("duration", 0.25)
        object.add("never", Double.nan)
        object.add("nested", json: #"{"x":1}"#)
        #expect(
            object.line
                == #"{"kind":"example","path":["Stack","a, b","say \"hi\""],"line":12,"late":false,"#
                + #""duration":0.25,"never":null,"nested":{"x":1}}"# + "\n")
        let read = try #require(
            JSONSerialization.jsonObject(with: Data(object.text.utf8), options: []) as? [String: Any])
        #expect(read["path"] as? [String] == ["Stack", "a, b", #"say "hi""#])
        #expect(read["never"] is NSNull)
        #expect(JSONObject().text == "{}")
    }
}
