import Foundation
import RundownCore

/// The slowest examples and groups of every spec of the process, for
/// `RUNDOWN_PROFILE=<N>`, printed once, as one block on standard output, as
/// the process exits.
///
/// Each outermost run adds its ``ProfileCollector``'s times as it finishes
/// (a nested spec's are inside its element's already). Only the `N` slowest
/// of each kind are kept, so a process of many thousands of examples keeps
/// little. The block is printed from an `atexit` handler, the one end every
/// process of a run shares: XCTest's runner and Swift Testing's both end
/// with `exit` once every test has run (so the block comes after their
/// summaries), and so does a program with no host that returns from `main`
/// or calls `exit`. A process that crashes, or ends with `_exit`, prints no
/// profile.
enum ProcessProfile {
    private struct State {
        var count = 0
        var examples: [ProfileEntry] = []
        var groups: [ProfileEntry] = []
        var exampleCount = 0
        var groupCount = 0
        var printsAtExit = false
    }

    private static let state = Protected(State())

    /// Adds one run's times to the process's profile of the `count` slowest,
    /// and makes sure the profile is printed as the process exits.
    static func add(_ run: ProfileCollector, count: Int) {
        let register = state.withLock { state in
            state.count = count
            state.examples = slowest(state.examples + run.examples, count)
            state.groups = slowest(state.groups + run.groups, count)
            state.exampleCount += run.examples.count
            state.groupCount += run.groups.count
            defer { state.printsAtExit = true }
            return !state.printsAtExit
        }
        if register { atexit { ProcessProfile.printAtExit() } }
    }

    /// The `count` longest of `entries`, longest first; of equal times, the one added first.
    static func slowest(_ entries: [ProfileEntry], _ count: Int) -> [ProfileEntry] {
        let ordered = entries.enumerated().sorted { one, other in
            one.element.duration != other.element.duration
                ? one.element.duration > other.element.duration : one.offset < other.offset
        }
        return ordered.prefix(count).map(\.element)
    }

    /// What has been added so far, as the block ``printAtExit()`` prints.
    static func text() -> String {
        let state = state.withLock { $0 }
        return block(
            count: state.count, examples: state.examples, of: state.exampleCount, groups: state.groups,
            of: state.groupCount)
    }

    /// The profile: a heading and a line per example, then per group.
    ///
    ///     Rundown profile (RUNDOWN_PROFILE=3): the 3 slowest of 12 examples
    ///       1.204 s  Cart, when full, saves  CartSpec.swift:31
    ///       …
    ///     Rundown profile (RUNDOWN_PROFILE=3): the 3 slowest of 4 groups
    ///       2.010 s  Cart  CartSpec.swift:9
    ///       …
    static func block(
        count: Int, examples: [ProfileEntry], of exampleCount: Int, groups: [ProfileEntry], of groupCount: Int
    ) -> String {
        func section(_ entries: [ProfileEntry], of total: Int, _ kind: String) -> [String] {
            let noun = total == 1 ? kind : kind + "s"
            let slowest = entries.count == 1 ? "the slowest" : "the \(entries.count) slowest"
            let heading = "Rundown profile (RUNDOWN_PROFILE=\(count)): \(slowest) of \(total) \(noun)"
            let width = entries.map { seconds($0.duration).count }.max() ?? 0
            return [heading]
                + entries.map { entry in
                    let time = seconds(entry.duration)
                    let padding = String(repeating: " ", count: width - time.count)
                    return "  \(padding)\(time)  \(PathText.joined(entry.path))  \(entry.location)"
                }
        }
        let lines = section(examples, of: exampleCount, "example") + section(groups, of: groupCount, "group")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `1.204 s`: milliseconds, as the tree report writes an example's time.
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }

    /// Prints the profile in one write, after what standard output holds
    /// buffered, so that no other output splits it.
    private static func printAtExit() {
        let text = text()
        fflush(nil)  // every stream: `stdout` itself is shared mutable state to Swift 6
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
