/// Code used a ``SharedResource`` in a way that would race or deadlock.
public enum ExclusiveAccessError: Error, Equatable, CustomStringConvertible {
    /// The resource was used without first taking exclusive access to it. `user` names the test
    /// or spec that was running, or is `nil` outside any.
    case notHeld(resource: SharedResource, user: String?)
    /// A task that holds `held` asked for `requested`, whose name sorts before it. Resources are
    /// always taken in name order; taking them the other way round can deadlock with a task that
    /// follows the rule.
    case lockOrderInversion(held: SharedResource, requested: SharedResource, holder: String?)

    /// Names the resources and the test, and says how to fix the test.
    public var description: String {
        switch self {
        case .notHeld(let resource, let user):
            let who = user ?? "code outside any test"
            return "Shared resource \(resource) was used by \(who) without exclusive access. "
                + "Add .exclusive(...) for it to the suite or test, or wrap the code in withExclusiveAccess { ... }."
        case .lockOrderInversion(let held, let requested, let holder):
            let who = holder ?? "code outside any test"
            return "Lock-order inversion: \(who) holds shared resource \(held) and asked for \(requested), "
                + "whose name sorts before it. Shared resources are always taken in name order, so that two "
                + "tests can never each hold one and wait for the other; taking \(requested) now could deadlock. "
                + "Ask for both at the outer level instead, e.g. .exclusive(\(requested), \(held)) on the suite or group."
        }
    }
}
