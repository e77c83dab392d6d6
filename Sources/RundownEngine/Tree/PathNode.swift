/// A path kept as a chain of steps, each pointing at the path it extends.
///
/// The walk makes one for each group and element it enters, instead of an
/// array of every step: extending a path costs one small allocation whatever
/// its depth, and the steps are gathered into an array only when something
/// reads them (a failure, a skip, a report, a runner's `path`).
package final class PathNode: PathSource {
    /// The path this one extends, or `nil` for the root group's.
    package let parent: PathNode?
    /// The last step.
    package let step: String
    /// How many steps the path has.
    package let count: Int

    /// The path of `parent` followed by `step`.
    package init(_ step: String, parent: PathNode?) {
        self.parent = parent
        self.step = step
        count = (parent?.count ?? 0) + 1
    }

    /// The steps from the outermost, followed by `extra` if given.
    package func steps(appending extra: String? = nil) -> [String] {
        let total = count + (extra == nil ? 0 : 1)
        var steps = [String](repeating: "", count: total)
        var index = count - 1
        var node: PathNode? = self
        while let current = node {
            steps[index] = current.step
            index -= 1
            node = current.parent
        }
        if let extra { steps[total - 1] = extra }
        return steps
    }
}

/// Something that knows a path, and gathers its steps when asked: a
/// ``PathNode``, or the walk's frame of an element, which a runner reads its
/// path through so that an example needs no node of its own.
///
/// Its steps must be immutable: a runner's path is read from any task.
package protocol PathSource: AnyObject, Sendable {
    /// The steps from the outermost, followed by `extra` if given.
    func steps(appending extra: String?) -> [String]
}
