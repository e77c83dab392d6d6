/// A boolean expression over label names that selects examples by their
/// labels: `db && !slow`, `(ui || snapshot) && !flaky`.
///
/// Grammar, loosest first; spaces between tokens are ignored:
///
///     expression := term ("||" term)*
///     term       := factor ("&&" factor)*
///     factor     := "!" factor | "(" expression ")" | name
///     name       := one or more letters, digits, "-", "_" or "."
///
/// A name is true for an example that carries that label, on itself or on
/// one of its groups.
package indirect enum LabelExpression: Sendable, Hashable, CustomStringConvertible {
    case label(String)
    case not(LabelExpression)
    case and(LabelExpression, LabelExpression)
    case or(LabelExpression, LabelExpression)

    /// Whether an example with `labels` is selected.
    package func matches(_ labels: Set<String>) -> Bool {
        switch self {
        case .label(let name): labels.contains(name)
        case .not(let inner): !inner.matches(labels)
        case .and(let left, let right): left.matches(labels) && right.matches(labels)
        case .or(let left, let right): left.matches(labels) || right.matches(labels)
        }
    }

    /// The expression written back, fully parenthesized where it nests: `(db && !slow)`.
    package var description: String {
        switch self {
        case .label(let name): name
        case .not(let inner): "!\(inner)"
        case .and(let left, let right): "(\(left) && \(right))"
        case .or(let left, let right): "(\(left) || \(right))"
        }
    }

    /// Whether `character` may appear in a label name.
    package static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_.".contains(character))
    }

    /// Whether `name` can be written in an expression: not empty, and only
    /// letters, digits, `-`, `_` and `.`.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy(isNameCharacter)
    }

    /// Parses `text`.
    ///
    /// - Throws: ``LabelExpressionError``, saying what was expected and where.
    package init(parsing text: String) throws(LabelExpressionError) {
        var parser = Parser(text: Array(text))
        let expression = try parser.expression()
        parser.skipSpaces()
        if parser.position < parser.text.count {
            throw parser.error("expected '&&', '||' or the end")
        }
        self = expression
    }

    /// A recursive-descent parser over the characters of an expression.
    private struct Parser {
        let text: [Character]
        var position = 0
        /// How deep parentheses and `!` nest, bounded so that a hostile
        /// setting cannot overflow the stack.
        var depth = 0

        mutating func skipSpaces() {
            while position < text.count, text[position].isWhitespace { position += 1 }
        }

        mutating func expression() throws(LabelExpressionError) -> LabelExpression {
            var result = try term()
            while take("||") { result = .or(result, try term()) }
            return result
        }

        mutating func term() throws(LabelExpressionError) -> LabelExpression {
            var result = try factor()
            while take("&&") { result = .and(result, try factor()) }
            return result
        }

        mutating func factor() throws(LabelExpressionError) -> LabelExpression {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 100 else { throw error("more than 100 nested '(' or '!'") }
            skipSpaces()
            if take("!") { return .not(try factor()) }
            if take("(") {
                let inner = try expression()
                guard take(")") else { throw error("expected ')'") }
                return inner
            }
            let start = position
            while position < text.count, LabelExpression.isNameCharacter(text[position]) { position += 1 }
            guard position > start else {
                throw error(position < text.count ? "expected a label name, '!' or '('" : "expected a label name")
            }
            return .label(String(text[start..<position]))
        }

        /// Consumes `token`, after any spaces, if it comes next.
        mutating func take(_ token: String) -> Bool {
            skipSpaces()
            let characters = Array(token)
            guard position + characters.count <= text.count,
                Array(text[position..<position + characters.count]) == characters
            else { return false }
            position += characters.count
            return true
        }

        func error(_ expected: String) -> LabelExpressionError {
            LabelExpressionError(text: String(text), column: position + 1, problem: expected)
        }
    }
}
