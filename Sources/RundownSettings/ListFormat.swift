/// How a dry run (`RUNDOWN_LIST`) writes each spec's plan.
package enum ListFormat: Sendable, Hashable {
    /// `RUNDOWN_LIST=1`: for people, one line per element, indented by depth.
    case text
    /// `RUNDOWN_LIST=json`: for tools, one JSON object per element per line.
    case json
}
