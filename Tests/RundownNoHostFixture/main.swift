// A program of a user's, with no test framework driving it, that runs specs
// whose failures are assertions, not thrown errors. `HostOutputTests` runs it
// in a child process and checks its exit status and what it prints (issue
// 16, fault 1: such a spec returned normally and printed nothing). Lines
// matter: the test finds them by their `// line:` marks.
import Foundation
import Rundown
import Testing

#if canImport(XCTest)
import XCTest
#endif

let scenario = CommandLine.arguments.dropFirst().first ?? ""

func assertions() throws {
    try spec("No host") {
        it("expects") {
            print("ran: expects")
            #expect(1 == 2)  // line: expect
        }
        it("asserts") {
            print("ran: asserts")
            #if canImport(XCTest)
            XCTAssertEqual(1, 2)  // line: assert
            #endif
        }
        it("checks") {
            print("ran: checks")
            _ = SharedResource("no host: alpha").expectHeld()  // line: check
        }
        it("requires") {
            print("ran: requires")
            try #require(Bool(false))  // line: require
        }
        it("passes") { print("ran: passes") }
    }
}

func passing() throws {
    try spec("No host, passing") {
        it("passes") { #expect(1 == 1) }
    }
}

/// A task that an example started fails after the spec has returned: it is printed as late.
func late() throws {
    let mayFail = DispatchSemaphore(value: 0)
    let failed = DispatchSemaphore(value: 0)
    try spec("No host, late") {
        it("leaks a task") {
            Task {
                mayFail.wait()
                #expect(Bool(false), "too late")  // line: late
                failed.signal()
            }
        }
    }
    print("spec returned")
    mayFail.signal()
    _ = failed.wait(timeout: .now() + 10)
}

do {
    switch scenario {
    case "assertions": try assertions()
    case "passing": try passing()
    case "late": try late()
    default:
        print("unknown scenario '\(scenario)'")
        exit(2)
    }
    print("returned normally")
} catch {
    print("thrown: \(error)")
    exit(1)
}
