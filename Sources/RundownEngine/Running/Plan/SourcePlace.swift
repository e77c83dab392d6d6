/// A place in the source that a filter names, `Stack.swift:42`: a file name or
/// the end of a path, and a line.
///
/// A pattern is a place when the part after its last `:` is a whole number
/// (digits only) and the part before it ends in `.swift` after a file name
/// (`Stack.swift:42`, `Tests/Stack.swift:42`); anything else is a path
/// pattern. A path pattern cannot be misread: a step of a path would have to
/// end in `.swift:` and digits, which no example name in practice does, and a
/// pattern such as `Cart, "a:1"` or `timeout:30` stays a pattern.
///
/// The file is matched on a boundary of path components against the end of
/// an element's `#filePath` or `#fileID`: `Stack.swift` and `Tests/Stack.swift`
/// name `/repo/Tests/Stack.swift`, `ack.swift` does not. Case counts, as it
/// does for the files themselves on most systems.
package struct SourcePlace: Sendable, Hashable, CustomStringConvertible {
    /// The file as given: a name or the end of a path.
    package let file: String
    /// The line, as given.
    package let line: Int

    /// The place a filter pattern names, or `nil` if the pattern is a path pattern.
    package init?(pattern: String) {
        guard let colon = pattern.lastIndex(of: ":") else { return nil }
        let file = pattern[..<colon]
        let digits = pattern[pattern.index(after: colon)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            file.hasSuffix(".swift"), file.count > ".swift".count, !file.hasSuffix("/.swift"),
            let line = Int(digits)
        else { return nil }
        self.file = String(file)
        self.line = line
    }

    /// Whether `location` is in this place's file.
    package func isInFile(_ location: CodeLocation) -> Bool {
        Self.path(location.filePath, endsWith: file) || Self.path(location.fileID, endsWith: file)
    }

    /// `Stack.swift:42`, as given.
    package var description: String { "\(file):\(line)" }

    /// Whether `path` is `end`, or ends with `/` and `end`.
    private static func path(_ path: String, endsWith end: String) -> Bool {
        guard path.hasSuffix(end) else { return false }
        if path.count == end.count || end.hasPrefix("/") { return true }
        return path.dropLast(end.count).hasSuffix("/")
    }
}

/// What the places of a filter name in one spec: for each place, the line of
/// the declarations it selects, which is the place's own line if something
/// is declared there, or else the nearest line above it on which something
/// of the spec is declared in that file.
///
/// Hooks count as declarations: a line inside a hook names the hook, and a
/// hook selects its group, so that a place in a group's `beforeEach` runs the
/// group whole. A line inside an example's body names the example; one
/// between a group's line and its first element names the group. Rundown
/// sees one spec at a time, so a line below a spec's last element names that
/// element even where another spec of the file follows; naming the test that
/// hosts the spec (as an editor task does) keeps the other spec out.
package struct PlaceTargets: Sendable {
    /// A place of the filter that names nothing in the spec, and the first
    /// line on which the spec declares something in that place's file, if it
    /// declares anything there.
    package struct Miss: Sendable, Hashable {
        package let place: SourcePlace
        package let firstLine: Int?
    }

    /// Each place that names something, with the line it names.
    private let targets: [(place: SourcePlace, line: Int)]
    /// The places that name nothing.
    package let misses: [Miss]

    /// The targets of `places` among `declarations`: where every element and
    /// hook of the whole spec, its root included, was declared.
    package init(_ places: [SourcePlace], among declarations: [CodeLocation]) {
        var targets: [(place: SourcePlace, line: Int)] = []
        var misses: [Miss] = []
        for place in places {
            var nearest: Int?
            var first: Int?
            for location in declarations where place.isInFile(location) {
                first = min(first ?? location.line, location.line)
                if location.line <= place.line { nearest = max(nearest ?? location.line, location.line) }
            }
            if let nearest {
                targets.append((place, nearest))
            } else {
                misses.append(Miss(place: place, firstLine: first))
            }
        }
        self.targets = targets
        self.misses = misses
    }

    /// Whether a place names what was declared at `location`.
    package func names(_ location: CodeLocation) -> Bool {
        targets.contains { $0.line == location.line && $0.place.isInFile(location) }
    }

    /// Whether a place names `group` itself: its declaration, or one of its hooks'.
    func names<Mode>(_ group: GroupNode<Mode>) -> Bool {
        if names(group.location) { return true }
        return HookKind.allCases.contains { kind in group.content.hooks(kind).contains { names($0.location) } }
    }

    /// Where every element and hook of the tree of `root`, `root` included, was declared.
    package static func declarations<Mode>(in root: GroupNode<Mode>) -> [CodeLocation] {
        var found: [CodeLocation] = []
        func visit(_ group: GroupNode<Mode>) {
            found.append(group.location)
            for kind in HookKind.allCases {
                found += group.content.hooks(kind).map(\.location)
            }
            for element in group.content.elements {
                switch element {
                case .example(let example): found.append(example.location)
                case .group(let child): visit(child)
                }
            }
        }
        visit(root)
        return found
    }
}
