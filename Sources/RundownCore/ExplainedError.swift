/// The one shape of every error Rundown tells a user about: ``what`` happened,
/// naming where, and how to ``fix`` it. Its description is the two joined.
///
/// Each module keeps its errors in one catalogue, `Errors/<Module>Errors.swift`,
/// and its warnings in one enum beside it (`EngineWarning` here); a test lists
/// both and checks that a test provokes every entry (`CatalogueTests`).
///
/// The two parts are joined by `; `, as the spec misuses read, unless ``what``
/// ends in punctuation of its own (`.`, `?`, `:`, `,`): then by a space, so that
/// the toolkit's messages read as sentences; or in a line break, then by nothing.
package protocol ExplainedError: Error, CustomStringConvertible {
    /// What happened, and where when no ``SpecFailure`` says it already.
    var what: String { get }
    /// What to change; empty only where ``what`` states the rule to follow
    /// already (`within must be more than zero, got -5.0 seconds`).
    var fix: String { get }
}

extension ExplainedError {
    /// ``what`` and ``fix``, joined.
    package var explanation: String {
        guard let last = what.last, !fix.isEmpty else { return what + fix }
        if last.isNewline { return what + fix }
        return what + (".?:,".contains(last) ? " " : "; ") + fix
    }

    /// The ``explanation``. (A public error repeats this line, as a public
    /// requirement needs a public witness.)
    package var description: String { explanation }
}
