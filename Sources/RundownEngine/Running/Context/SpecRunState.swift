/// The sink of the contexts of one spec run's closures (see ``RunContext``
/// and `RunContext+Engine.swift`): the run's inbox, where their failures go,
/// and the host the run reports to, which a spec started inside reports through.
final class SpecRunState: Sendable {
    /// The inbox of the run (or of one element of a concurrent group).
    let inbox: FailureInbox
    /// The host the run reports to, if the caller gave one.
    let host: (any SpecHost)?

    init(inbox: FailureInbox, host: (any SpecHost)?) {
        self.inbox = inbox
        self.host = host
    }
}
