/// What every closure context of one spec run shares: its inbox, its host,
/// and the context the run was started in (see ``RunContext``); one
/// reference, so that a closure's context copies none of them. It is the
/// context's sink (`RunContext+Engine.swift`).
final class SpecRunState: Sendable {
    /// The inbox of the run (or of one element of a concurrent group).
    let inbox: FailureInbox
    /// The host the run reports to, if the caller gave one.
    let host: (any SpecHost)?
    /// The context the run started in: the closure of an enclosing spec, a
    /// listening region, or nothing.
    let outer: RunContext?

    init(inbox: FailureInbox, host: (any SpecHost)?, outer: RunContext?) {
        self.inbox = inbox
        self.host = host
        self.outer = outer
    }
}
