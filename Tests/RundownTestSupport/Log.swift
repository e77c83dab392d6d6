/// An ordered record of what a spec did, safe to append to from any task.
final class Log: Sendable {
    private let storage = Locked<[String]>([])

    func callAsFunction(_ entry: String) {
        storage.withLock { $0.append(entry) }
    }

    var entries: [String] {
        storage.withLock { $0 }
    }
}

/// An error that names itself, so failure messages are easy to check.
struct Boom: Error, CustomStringConvertible {
    var name: String
    init(_ name: String) { self.name = name }
    var description: String { "Boom(\(name))" }
}
