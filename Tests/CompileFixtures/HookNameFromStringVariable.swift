// expect-error: 10: cannot convert value of type 'String' to expected argument type 'HookName'
import Rundown

// A hook's name is a HookName: a literal or interpolation converts to it, and
// so do nil and .excluded; a String held in a variable is written
// beforeEach(HookName(name)), which the error's type names.
func named(_ name: String) throws {
    try spec {
        beforeEach("\(name)") {}
        beforeEach(name) {}
        it("a") {}
    }
}
