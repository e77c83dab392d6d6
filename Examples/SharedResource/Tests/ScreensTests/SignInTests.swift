// Swift Testing runs these two suites in parallel with each other and with
// SettingsTests. `.exclusive(.hostWindow)` holds the window from before a
// suite's first test to after its last, so no other suite's screen can land
// at a suspension point inside it; `.serialized` orders the suite's own tests.
import Rundown
import Testing

@Suite(.exclusive(.hostWindow), .serialized)
struct SignInTests {
    @Test func showsTheSignInForm() async {
        let shown = await TestHost.show("sign in", fields: ["email", "password"])
        #expect(shown == "sign in")
    }

    @Test func typingReachesThePasswordField() async {
        _ = await TestHost.show("sign in", fields: ["email", "password"])
        #expect(await TestHost.type("hunter2", into: "password"))
    }
}
