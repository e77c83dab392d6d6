import Rundown

@MainActor final class ViewModel {
    var title = "Untitled"
    func rename(_ newTitle: String) { title = newTitle }
}

/// Inside a `MainActorSuite`, every closure of a spec runs on the main actor.
struct ViewModelSpecs: MainActorSuite {
    func run() async throws {
        let model = ViewModel()
        try await spec("View model") {
            it("starts untitled") { try check(model.title == "Untitled") }
            it("renames") {
                model.rename("Draft")
                try check(model.title == "Draft")
            }
        }
    }
}

func mainActorSpec() async throws {
    try await ViewModelSpecs().run()
}
