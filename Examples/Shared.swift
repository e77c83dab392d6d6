import Rundown

/// Examples that hold for any empty collection, shared between specs. It is
/// generic over the call kind, so synchronous and `async` specs can both use it.
@ExampleBuilder<Call>
func emptyCollectionExamples<Call: CallKind>(_ make: @escaping () -> [Int]) -> ExampleGroup<Call> {
    it("is empty") { try check(make().isEmpty) }
    it("has no first element") { try check(make().first == nil) }
}

/// A hook returned from a function, used like an inline one.
func resetCounter(_ counter: Counter) -> BeforeEach<SyncCall> {
    beforeEach("reset counter") { counter.value = 0 }
}

final class Counter { var value = 0 }

func sharedExamplesSpec() throws {
    let counter = Counter()
    try spec("Shared") {
        resetCounter(counter)
        context("a new array") { emptyCollectionExamples { [] } }
        context("a filtered array") { emptyCollectionExamples { [1, 2].filter { $0 > 5 } } }
        it("starts from zero") { try check(counter.value == 0) }
    }
}
