/// The app's one window. Showing a screen lays it out over a few passes, and
/// each pass is a suspension point: another caller can show its own screen
/// in between, and the window then shows whichever came last.
public actor Window {
    public private(set) var screen: String?
    public private(set) var fields: [String] = []

    public init() {}

    /// Shows `screen` with its `fields` and returns what the window shows once
    /// layout has settled.
    public func show(_ screen: String, fields: [String]) async -> String? {
        self.screen = screen
        self.fields = []
        for field in fields {
            await Task.yield()  // a layout pass
            self.fields.append(field)
        }
        return self.screen
    }

    /// Types into a field of the screen on show; `false` if there is no such field.
    public func type(_ text: String, into field: String) async -> Bool {
        await Task.yield()
        return fields.contains(field) && !text.isEmpty
    }
}
