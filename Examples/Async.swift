import Rundown

actor Inventory {
    private var items: [String: Int] = [:]
    func add(_ item: String) { items[item, default: 0] += 1 }
    func count(of item: String) -> Int { items[item] ?? 0 }
}

func asyncSpec() async throws {
    try await spec("Inventory") {
        var inventory = Inventory()
        aroundEach { run in
            // Each example runs inside whatever this hook sets up.
            try await run()
        }
        beforeEach { inventory = Inventory() }
        it("starts empty") {
            try check(await inventory.count(of: "apple") == 0)
        }
        it("counts what is added") {
            await inventory.add("apple")
            await inventory.add("apple")
            try check(await inventory.count(of: "apple") == 2)
        }
        it("knows where it is") {
            try check(ExampleRunner.current?.description == "Inventory, knows where it is")
        }
    }
}
