import Rundown
import RundownTestSupport
import XCTest

// The XCTest samples of README.md and of the DocC articles, compiled and run.
// `ParserTests` is the sample exactly as the documentation shows it;
// `CheckedParserTests` runs the same spec while `Parser` counts its uses, so it
// checks that the example ran, and a skipped test fails (a spec that skipped
// everything would otherwise end green without having asserted anything).

struct Parser {
    @TaskLocal static var uses: Log?

    func parse(_ input: String) throws -> [String] {
        Self.uses?(ExampleRunner.current?.description ?? "outside a spec")
        return input.split(separator: " ").map(String.init)
    }
}

final class ParserTests: Rundown.TestCase {
    func testParser() throws {
        try spec {
            let parser = fresh { Parser() }
            it("parses nothing from nothing") { XCTAssertEqual(try parser.value.parse(""), []) }
        }
    }
}

final class CheckedParserTests: Rundown.TestCase {
    func testParser() throws {
        let uses = Log()
        defer {
            XCTAssertEqual(uses.entries, ["Parser, parses nothing from nothing"], "the sample's example did not run")
        }
        try Parser.$uses.withValue(uses) {
            try spec {
                let parser = fresh { Parser() }
                it("parses nothing from nothing") { XCTAssertEqual(try parser.value.parse(""), []) }
            }
        }
    }

    override func tearDown() {
        failIfSkipped(self)
        super.tearDown()
    }
}
