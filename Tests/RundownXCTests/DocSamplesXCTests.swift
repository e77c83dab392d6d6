import Rundown
import XCTest

// The XCTest samples of README.md and of the DocC comments, compiled and run.

struct Parser {
    func parse(_ input: String) throws -> [String] {
        input.split(separator: " ").map(String.init)
    }
}

final class ParserTests: Rundown.TestCase {
    func testParser() throws {
        var parser: Parser!
        try spec {
            beforeEach { parser = Parser() }
            it("parses nothing from nothing") { XCTAssertEqual(try parser.parse(""), []) }
        }
    }
}
