/// What a ``TrackingTaskStarter`` knows about one task it started; only it makes them.
public struct TrackedTask: Sendable, Identifiable, CustomStringConvertible {
    /// The position of the task in start order, beginning at 1.
    public let id: Int
    /// The name passed when the task was started.
    public let name: String?
    /// The priority requested when the task was started (`nil` meant "inherit").
    public let priority: TaskPriority?
    /// The tracked task that started this one, if it was started from inside a tracked task.
    public let parentID: Int?
    /// Whether the task's operation has not returned yet.
    public let isRunning: Bool

    /// The name in quotes, or a numbered placeholder for unnamed tasks, as reports print it.
    public var label: String {
        name.map { "'\($0)'" } ?? "unnamed task #\(id)"
    }

    /// The label with the priority and the parent task, enough to find where it was started.
    public var description: String {
        var text = label
        if let priority { text += " (priority \(Self.name(of: priority)))" }
        if let parentID { text += " started by task #\(parentID)" }
        return text
    }

    /// A readable priority name; `TaskPriority.description` needs newer Apple systems.
    private static func name(of priority: TaskPriority) -> String {
        switch priority {
        case .high: return "high"
        case .medium: return "medium"
        case .low: return "low"
        case .background: return "background"
        default: return "\(priority.rawValue)"
        }
    }
}
