/// An ordered record of what a spec did, safe to append to from any task.
package final class Log: Sendable {
    private let storage = Locked<[String]>([])

    package init() {}

    package func callAsFunction(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    package var entries: [String] {
        storage.withLock { $0 }
    }
}

/// An error that names itself, so failure messages are easy to check.
package struct Boom: Error, CustomStringConvertible {
    package var name: String
    package init(_ name: String) { self.name = name }
    package var description: String { "Boom(\(name))" }
}
