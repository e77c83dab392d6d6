import Rundown
import Testing

// The code samples of README.md and of the DocC comments, compiled and run.
// When a sample changes, change it here too.
//
// Each test checks that the sample's examples ran (`expectSampleRan`): the
// types the samples use note which example used them (`SampleUse`), so the
// samples read as documented. The suites fail a test that ends cancelled
// (`.failsWhenCancelled`), which is how a spec that skipped everything would
// otherwise pass unnoticed.

struct Stack<Element: Equatable> {
    private var items: [Element] = []
    var top: Element? {
        SampleUse.record()
        return items.last
    }
    var count: Int {
        SampleUse.record()
        return items.count
    }
    mutating func push(_ item: Element) { items.append(item) }
}

final class Database {
    private var storedRows: [String] = []
    var rows: [String] {
        get {
            SampleUse.record()
            return storedRows
        }
        set { storedRows = newValue }
    }
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
func emptiedExamples() -> ExampleGroup<SyncCall> {
    it("has nothing left") {
        var stack = Stack<Int>()
        stack.push(1)
        stack = Stack()
        #expect(stack.count == 0)
    }
}

// Also the sample of the Steps doc comment.
@ExampleBuilder<SyncCall>
func behavesLikeANonEmptyStack(_ stack: @escaping () -> Stack<Int>) -> Steps<BeforeEachPhase, ExamplesPhase, SyncCall> {
    beforeEach { try #require(stack().count > 0) }
    it("has a top") { #expect(stack().top != nil) }
}

@ExampleBuilder<SyncCall>
func emptyStackExamples() -> ExampleGroup<SyncCall> {
    it("has no top") { #expect(Stack<Int>().top == nil) }
    it("has a count of zero") { #expect(Stack<Int>().count == 0) }
}

func count(_ input: String) -> Int {
    SampleUse.record()
    return input.split(separator: " ").count
}

@Suite(.failsWhenCancelled) struct DocSamples {
    @Test func stack() throws {
        try expectSampleRan([
            "stack, when empty, has no top", "stack, after a push, has the pushed item on top",
            "stack, after a push, counts it",
        ]) {
            try spec {
                let stack = fresh { Stack<Int>() }

                context("when empty") {
                    it("has no top") { #expect(stack.value.top == nil) }
                }

                context("after a push") {
                    beforeEach { stack.value.push(42) }
                    it("has the pushed item on top") { #expect(stack.value.top == 42) }
                    it("counts it") { #expect(stack.value.count == 1) }
                }
            }
        }
    }

    @Test func hooksFromFunctionsAndAroundEach() throws {
        let db = Database()
        try expectSampleRan(["hooksFromFunctionsAndAroundEach, starts empty"]) {
            try spec {
                aroundEach("in a transaction") { run in
                    try db.begin()
                    try run()  // the beforeEach hooks, the element, the afterEach hooks
                    try db.rollback()  // always reached: failures inside run() are already recorded
                }
                freshDatabase(db)
                it("starts empty") { #expect(db.rows.isEmpty && db.inTransaction) }
            }
        }
    }

    @Test func loopsAndConditionals() throws {
        let cases = [("", 0), ("one", 1), ("two words", 2)]
        // "uses the new API" touches nothing the check can see.
        try expectSampleRan([
            "Word count, counts 0 in «»", "Word count, counts 1 in «one»", "Word count, counts 2 in «two words»",
        ]) {
            try spec("Word count") {
                for (input, words) in cases {
                    it("counts \(words) in «\(input)»") { #expect(count(input) == words) }
                }
                if #available(macOS 14, *) {
                    it("uses the new API") {}
                }
            }
        }
    }

    @Test func reusablePieces() throws {
        // The array examples touch nothing the check can see; the array is the sample's own.
        var arraysMade = 0
        try expectSampleRan([
            "reusablePieces, when emptied, has nothing left", "reusablePieces, an empty stack, has no top",
            "reusablePieces, an empty stack, has a count of zero",
        ]) {
            try spec {
                context("when empty") {
                    emptyCollectionExamples {
                        arraysMade += 1
                        return []
                    }
                }
                context("when emptied", content: emptiedExamples)  // a function without parameters, by name
                // the ExampleBuilder doc comment
                context("an empty stack") { emptyStackExamples() }
            }
        }
        #expect(arraysMade == 2)
    }

    @Test func sharedExamplesWithTheirOwnSetUp() throws {
        try spec {
            var stack = Stack<Int>()
            beforeEach {
                stack = Stack()
                stack.push(1)
            }
            behavesLikeANonEmptyStack { stack }  // its beforeEach joins this group, after the one above
            it("counts one item") { #expect(stack.count == 1) }
        }
    }

    @Test func namesAndStoredGroups() throws {
        let name = "seed users"
        let group: Examples<SyncCall> = describe("x") { it("a") {} }
        try spec {
            beforeEach(HookName(name)) {}
            beforeEach(.excluded) {}
            group
        }
    }

    @Test func asyncSpecWithItsCallKindNamed() async throws {
        try await spec { () -> ExampleGroup<AsyncCall> in
            it("awaits") { await Task.yield() }
        }
    }

    @Test func whereAmI() throws {
        var seen = ""
        try spec("Logger") {
            context("when full") {
                it("logs with its path") {
                    seen = ExampleRunner.current?.description ?? "?"  // "Logger, when full, logs with its path"
                }
            }
        }
        #expect(seen == "Logger, when full, logs with its path")
    }

    @Test(.takingOutSkipWarnings) func skipping() throws {
        let gpuAvailable = false
        var ran: [String] = []
        try spec {
            it("uses the GPU") {
                guard gpuAvailable else { throw Skip("no GPU on this machine") }
                // …
            }
            it("runs anywhere") { ran.append("runs anywhere") }
        }
        #expect(ran == ["runs anywhere"])
        #expect(
            SkipWarnings.taken.entries.contains("Skipped:\n  skipping, uses the GPU: skipped (no GPU on this machine)"))
    }
}

@MainActor final class ViewModel {
    private var storedTitle = "Untitled"
    var title: String {
        get {
            SampleUse.record()
            return storedTitle
        }
        set { storedTitle = newValue }
    }
}

@MainActor
@Suite(.failsWhenCancelled) struct ViewModelSpecs: MainActorSuite {
    @Test func renaming() throws {
        let model = ViewModel()
        try expectSampleRan(["renaming, starts untitled"]) {
            try spec {
                it("starts untitled") { #expect(model.title == "Untitled") }
            }
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
@Suite(.failsWhenCancelled) struct SearchSpecs: SearchGroups {
    @Test func searching() throws {
        let model = ViewModel()
        try expectSampleRan(["searching, by summary, finds items"]) {
            try spec { searchGroup(model) }
        }
    }
}

extension SharedResource {
    static let hostWindow = SharedResource("host window")
}

actor HostWindow {
    static let shared = HostWindow()
    func show(_ screen: String) -> String {
        SampleUse.record()
        return screen
    }
}

@Suite(.failsWhenCancelled) struct ExclusiveDocSamples {
    @Test func sharedResources() async throws {
        try await expectSampleRan(["sharedResources, the settings screen, shows the title"]) {
            try await spec {
                describe("the settings screen", .exclusive(.hostWindow)) {
                    it("shows the title") { #expect(await HostWindow.shared.show("settings") == "settings") }
                }
            }
        }
    }
}

final class TestDatabase {
    private var storedUsers: [String] = []
    var users: [String] {
        get {
            SampleUse.record()
            return storedUsers
        }
        set { storedUsers = newValue }
    }
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

@Suite(.failsWhenCancelled) struct CompositionDocSamples {
    @Test func composedFromBuilderFunctions() throws {
        let database = TestDatabase()
        try expectSampleRan([
            "composedFromBuilderFunctions, without users, has no users",
            "composedFromBuilderFunctions, with one user, has one user",
        ]) {
            try spec {
                beforeEach { try database.reset() }
                context("without users") { emptyDatabaseExamples(database) }
                context("with one user") { oneUserExamples(database) }
            }
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
            it("syncs", .timeLimit(.seconds(30))) { try await store.sync() }
        }
    }
}
