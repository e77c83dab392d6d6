import Rundown
import Testing

// The code samples of README.md and of the DocC comments, compiled and run.
// When a sample changes, change it here too.

struct Stack<Element: Equatable> {
    private var items: [Element] = []
    var top: Element? { items.last }
    var count: Int { items.count }
    mutating func push(_ item: Element) { items.append(item) }
}

final class Database {
    var rows: [String] = []
    var inTransaction = false
    func reset() throws { rows = [] }
    func begin() throws { inTransaction = true }
    func rollback() throws { inTransaction = false }
}

func freshDatabase(_ db: Database) -> BeforeEach<SyncCall> {
    beforeEach("fresh database") { try db.reset() }
}

@ExampleBuilder<SyncCall>
func emptyCollectionExamples(_ make: @escaping () -> [Int]) -> ExampleGroup<SyncCall> {
    it("is empty") { #expect(make().isEmpty) }
    it("has no first element") { #expect(make().first == nil) }
}

@ExampleBuilder<SyncCall>
func emptyStackExamples() -> ExampleGroup<SyncCall> {
    it("has no top") { #expect(Stack<Int>().top == nil) }
    it("has a count of zero") { #expect(Stack<Int>().count == 0) }
}

func count(_ input: String) -> Int { input.split(separator: " ").count }

@Suite struct DocSamples {
    @Test func stack() throws {
        try spec {
            var stack = Stack<Int>()

            context("when empty") {
                beforeEach { stack = Stack() }
                it("has no top") { #expect(stack.top == nil) }
            }

            context("after a push") {
                beforeEach {
                    stack = Stack()
                    stack.push(42)
                }
                it("has the pushed item on top") { #expect(stack.top == 42) }
                it("counts it") { #expect(stack.count == 1) }
            }
        }
    }

    @Test func hooksFromFunctionsAndAroundEach() throws {
        let db = Database()
        try spec {
            aroundEach("in a transaction") { run in
                try db.begin()
                try run()          // the beforeEach hooks, the element, the afterEach hooks
                try db.rollback()  // always reached: failures inside run() are already recorded
            }
            freshDatabase(db)
            it("starts empty") { #expect(db.rows.isEmpty && db.inTransaction) }
        }
    }

    @Test func loopsAndConditionals() throws {
        let cases = [("", 0), ("one", 1), ("two words", 2)]
        try spec("Word count") {
            for (input, words) in cases {
                it("counts \(words) in «\(input)»") { #expect(count(input) == words) }
            }
            if #available(macOS 14, *) {
                it("uses the new API") {}
            }
        }
    }

    @Test func reusablePieces() throws {
        try spec {
            context("a new array") { emptyCollectionExamples { [] } }
            context("when empty") { emptyStackExamples() }
        }
    }

    @Test func whereAmI() throws {
        var seen = ""
        try spec("Logger") {
            context("when full") {
                it("logs with its path") {
                    seen = ExampleRunner.current?.description ?? "?"
                }
            }
        }
        #expect(seen == "Logger, when full, logs with its path")
    }

    @Test func skipping() throws {
        let gpuAvailable = false
        try spec {
            it("uses the GPU") {
                guard gpuAvailable else { throw Skip("no GPU on this machine") }
            }
            it("runs anywhere") {}
        }
    }
}

@MainActor final class ViewModel { var title = "Untitled" }

@MainActor
@Suite struct ViewModelSpecs: MainActorSuite {
    @Test func renaming() throws {
        let model = ViewModel()
        try spec {
            it("starts untitled") { #expect(model.title == "Untitled") }
        }
    }
}

protocol SearchGroups: MainActorSuite {}

extension SearchGroups {
    @ExampleBuilder<SyncMainCall>
    func searchGroup(_ model: ViewModel) -> ExampleGroup<SyncMainCall> {
        context("by summary") { it("finds items") { #expect(model.title == "Untitled") } }
    }
}

@MainActor
@Suite struct SearchSpecs: SearchGroups {
    @Test func searching() throws {
        let model = ViewModel()
        try spec { searchGroup(model) }
    }
}

extension SharedResource {
    static let hostWindow = SharedResource("host window")
}

actor HostWindow {
    static let shared = HostWindow()
    func show(_ screen: String) -> String { screen }
}

@Suite struct ExclusiveDocSamples {
    @Test func sharedResources() async throws {
        try await spec {
            describe("the settings screen", .exclusive(.hostWindow)) {
                it("shows the title") { #expect(await HostWindow.shared.show("settings") == "settings") }
            }
        }
    }
}

final class TestDatabase {
    var users: [String] = []
    func reset() throws { users = [] }
}

@ExampleBuilder<SyncCall>
func emptyDatabaseExamples(_ database: TestDatabase) -> ExampleGroup<SyncCall> {
    it("has no users") { #expect(database.users.isEmpty) }
}

@ExampleBuilder<SyncCall>
func oneUserExamples(_ database: TestDatabase) -> ExampleGroup<SyncCall> {
    beforeEach { database.users = ["ada"] }
    it("has one user") { #expect(database.users.count == 1) }
}

@Suite struct CompositionDocSamples {
    @Test func composedFromBuilderFunctions() throws {
        let database = TestDatabase()
        try spec {
            beforeEach { try database.reset() }
            context("without users") { emptyDatabaseExamples(database) }
            context("with one user") { oneUserExamples(database) }
        }
    }
}

// Run controls (README "Each example its own test case" and "Time limits").

let stackSpec = Spec("A stack") {
    var stack = Stack<Int>()
    beforeEach { stack = Stack() }
    context("when empty") {
        it("has no top") { #expect(stack.top == nil) }
    }
    it("pushes") {
        stack.push(1)
        #expect(stack.top == 1)
    }
}

struct Store {
    func sync() async throws { await Task.yield() }
}

@Suite struct RunControlDocSamples {
    @Test(arguments: stackSpec.examples)
    func stack(_ example: Spec.Example) async throws { try await example.run() }

    @Test func timeLimit() async throws {
        let store = Store()
        try await spec {
            it("syncs", .timeLimit(.seconds(2))) { try await store.sync() }
        }
    }
}
