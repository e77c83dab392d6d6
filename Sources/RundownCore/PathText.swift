/// How a path of steps (a spec's name, its groups, an example) is written as
/// one line: the steps joined with `, `, readable as before in every path
/// that has no step containing that separator.
///
/// A step that contains `, `, or begins with `"`, is written in double
/// quotes with every `"` inside doubled, so two different paths never print
/// the same: `"a, b" ⊃ "c"` is `"a, b", c` and `"a" ⊃ "b, c"` is
/// `a, "b, c"`. Outside quotes no step holds the separator, and a step that
/// begins with `"` is always a quoted one, so the line reads back one way.
/// Each step is written on its own, so the line of a path's prefix is a
/// prefix of the path's line: `@file` and path patterns compare lines and
/// need no parser.
package enum PathText {
    /// What joins the steps.
    package static let separator = ", "

    /// The path as one line.
    package static func joined(_ path: some Sequence<String>) -> String {
        path.lazy.map(step).joined(separator: separator)
    }

    /// One step as it stands in a line: as is, or quoted when it holds the
    /// separator or could be read as quoted.
    package static func step(_ step: String) -> String {
        guard step.contains(separator) || step.hasPrefix("\"") else { return step }
        return "\"" + step.replacing("\"", with: "\"\"") + "\""
    }
}
