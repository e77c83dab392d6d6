import Rundown

func tableSpec() throws {
    let cases: [(input: String, words: Int)] = [("", 0), ("one", 1), ("two words", 2)]
    let fastPath = true
    try spec("Word count") {
        for (input, words) in cases {
            it("counts \(words) in «\(input)»") {
                try check(input.split(separator: " ").count == words)
            }
        }
        if fastPath {
            it("takes the fast path") { try check(fastPath) }
        } else {
            it("takes the slow path") {}
        }
        if #available(macOS 13, iOS 16, *) {
            it("uses the newer API") {}
        }
    }
}
