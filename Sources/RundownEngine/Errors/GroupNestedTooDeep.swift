/// A group is nested deeper than ``limit`` groups below its spec.
///
/// Building a spec calls each group's closure from inside its parent's, and
/// running it wraps each level's hooks around the next, so every level of
/// nesting costs stack space. Rundown stops at a fixed depth, before a spec
/// could overflow the stack and crash the test process: the group at that depth
/// is reported as a failure of its own path, at the line of its `describe` or
/// `context`, and its content is not built. The rest of the spec runs.
///
/// The limit has a wide margin on the smallest stacks a test runs on: 512 KB,
/// the stack of a secondary thread on Apple platforms, which is where Swift
/// Testing runs tests. There 64 levels of a debug build, with an `aroundEach`
/// at every level, used about 290 KB; without the limit it overflowed at about
/// 120 such levels (190 without the hooks), Linux's 8 MB stacks at about 2,160
/// (3,200), and release builds went about four times deeper.
public struct GroupNestedTooDeep: Error, CustomStringConvertible {
    /// The deepest nesting of groups a spec may have: `describe` inside
    /// `describe`, this many times, below the spec itself.
    public static let limit = 64

    /// The description of the group that is one level too deep.
    public var group: String

    /// Creates the error.
    public init(group: String) {
        self.group = group
    }

    /// Says what is wrong and what to change.
    public var description: String {
        "the group '\(group)' is nested \(Self.limit + 1) groups deep, deeper than the \(Self.limit) Rundown allows "
            + "(every level costs stack space, and a much deeper spec would overflow the stack and crash the test "
            + "process), so its content was not built: nest fewer groups, for instance by putting levels side by "
            + "side or by moving the deepest ones into a spec of their own"
    }
}
