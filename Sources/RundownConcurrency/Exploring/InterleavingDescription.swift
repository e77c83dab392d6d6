/// How a failure names an interleaving: its steps in order, the consecutive steps of one task
/// together, `load more: start → fetch 8; refresh: start → fetch 0 → end; load more: → end`.
enum InterleavingDescription {
    static func describe(_ steps: [Step]) -> String {
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
        return groups.isEmpty ? "(no steps)" : groups.joined(separator: "; ")
    }
}
