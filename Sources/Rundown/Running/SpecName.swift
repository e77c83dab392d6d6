/// The name of a spec's root group: the name given, or else the calling
/// function's name without a leading `test` and without its parameter list
/// (`testParsing()` → `Parsing`, `parsesNumbers()` → `parsesNumbers`).
func specName(_ name: String?, function: String) -> String {
    if let name { return name }
    var base = Substring(function)
    if let parenthesis = base.firstIndex(of: "(") {
        base = base[..<parenthesis]
    }
    if base.hasPrefix("test"), base.count > 4 {
        let rest = base.dropFirst(4)
        if let first = rest.first, first.isUppercase || first == "_" {
            base = rest.drop { $0 == "_" }
        }
    }
    return base.isEmpty ? function : String(base)
}
