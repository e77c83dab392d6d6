/// The time limit a closure runs under, which a run context carries for the
/// engine (its `TimeLimit`) without the core knowing what it is: the core only
/// keeps it, so that a context made inside a limited one (a listening region)
/// keeps its limit too.
package protocol ClosureTimeLimit: AnyObject, Sendable {}
