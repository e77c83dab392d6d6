// expect-error: here: main actor-isolated property 'value' can not be mutated from a nonisolated context
import Rundown

@MainActor final class Counter { var value = 0 }

func plainTest(counter: Counter) throws {
    try spec {
        it("touches main-actor state") { counter.value += 1 }  // line: here
    }
}
