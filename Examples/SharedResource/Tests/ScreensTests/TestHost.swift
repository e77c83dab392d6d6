import Rundown
import Screens

extension SharedResource {
    /// The test host's one window: every suite that shows a screen needs it.
    static let hostWindow = SharedResource("host window")
}

/// What the tests touch the window through. Each call checks that the test
/// holds the window, so a suite that forgets `.exclusive(.hostWindow)` fails
/// on every run, instead of failing now and then when another suite's
/// screen lands in the middle of its own.
enum TestHost {
    private static let window = Window()

    static func show(_ screen: String, fields: [String]) async -> String? {
        SharedResource.hostWindow.expectHeld()
        return await window.show(screen, fields: fields)
    }

    static func type(_ text: String, into field: String) async -> Bool {
        SharedResource.hostWindow.expectHeld()
        return await window.type(text, into: field)
    }
}
