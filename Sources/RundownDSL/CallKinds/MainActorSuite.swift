import RundownEngine

/// A type whose specs run on the main actor: inside it, the DSL's closures may
/// touch `@MainActor` state without `await`.
///
/// The protocol gives conforming types main-actor versions of `describe`,
/// `context`, `it`, the hooks and their shortcuts. Inside the type they take
/// the place of the global functions, so every closure of a spec written there
/// is main-actor isolated. The protocol does not isolate the type itself, so
/// an XCTest class can conform without becoming `@MainActor` (which would
/// crash SwiftPM's test discovery on Linux for a class of synchronous tests).
///
/// ```swift
/// @MainActor final class ViewModel { var title = "Untitled" }
///
/// @MainActor
/// @Suite struct ViewModelSpecs: MainActorSuite {
///     @Test func renaming() throws {
///         let model = ViewModel()
///         try spec {
///             it("starts untitled") { #expect(model.title == "Untitled") }
///         }
///     }
/// }
/// ```
///
/// Helpers that build part of a main-actor spec must be members of such a
/// type too; to share them between types, put them in an extension of a
/// protocol that refines `MainActorSuite`.
public protocol MainActorSuite {}

// Its words (`it`, `describe`, the hooks, …) are generated with the global ones: DSL.generated.swift.
