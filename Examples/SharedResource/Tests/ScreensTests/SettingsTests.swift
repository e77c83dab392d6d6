// The second suite on the same window, written as a Rundown spec: the trait
// on the suite covers the spec inside it, and every example of the spec runs
// in the test's task, which holds the window.
import Rundown
import Testing

@Suite(.exclusive(.hostWindow))
struct SettingsTests {
    @Test func settings() async throws {
        try await spec("Settings") {
            var shown: String?
            beforeEach { shown = await TestHost.show("settings", fields: ["name", "theme"]) }
            it("shows the settings screen") { #expect(shown == "settings") }
            it("takes a new name") { #expect(await TestHost.type("Ada", into: "name")) }
            it("has no password field") { #expect(await TestHost.type("hunter2", into: "password") == false) }
        }
    }
}
