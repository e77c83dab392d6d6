/// How a failure names an interleaving: its steps in order, the consecutive steps of one task
/// together, `load more: start → fetch 8; refresh: start → fetch 0 → end; load more: → end`.
///
/// A task that had to take its first step when the run stopped (stuck in it, or kept waiting for it
/// by the body) ends the text as `name: start`: where it was, and nothing it did not do.
enum InterleavingDescription {
    static func describe(_ steps: [Step], waitingAtStart task: String? = nil) -> String {
        var groups: [String] = []
        var current: (task: String?, text: String)?
        for step in steps {
            if let open = current, open.task == step.task, step.task != nil {
                current = (open.task, open.text + " → \(step.to)")
                continue
            }
            if let open = current { groups.append(open.text) }
            if let task = step.task {
                let start = step.from == "start" ? "start " : ""
                current = (task, "\(task): \(start)→ \(step.to)")
            } else {
                current = (nil, "\(RunState.clockOption): → \(step.to)")
            }
        }
        if let open = current { groups.append(open.text) }
        if let task { groups.append("\(task): start") }
        return groups.isEmpty ? "(no steps)" : groups.joined(separator: "; ")
    }
}
