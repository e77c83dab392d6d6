// expect-error: first: cannot convert value of type 'String' to expected argument type 'HookName'
// expect-error: second: cannot convert value of type 'String' to expected argument type 'EachHookTrait'
import Rundown

// A hook's name is a HookName: a literal or interpolation converts to it, and
// so do nil and .excluded; a String held in a variable is written
// beforeEach(HookName(name)). For an each-hook the error names the trait
// that may also come first (`beforeEach(.everyExample)`).
func namedOnce(_ name: String) throws {
    try spec {
        beforeAll("\(name)") {}
        beforeAll(name) {}  // line: first
        it("a") {}
    }
}

func namedEach(_ name: String) throws {
    try spec {
        beforeEach(name) {}  // line: second
        it("a") {}
    }
}
