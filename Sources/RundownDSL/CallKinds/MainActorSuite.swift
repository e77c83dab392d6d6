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

extension MainActorSuite {
    /// Declares an example whose body runs on the main actor.
    public func it<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Example<Call> {
        .example(
            description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            Call.body(body))
    }

    /// Declares an example whose `async` body runs on the main actor.
    @_disfavoredOverload
    public func it<Call: AsyncMainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Example<Call> {
        .example(
            description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            Call.asyncMainBody(body))
    }

    /// Declares a focused example whose body runs on the main actor.
    public func fIt<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Example<Call> {
        .example(
            description, [.focused] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), Call.body(body))
    }

    /// Declares a focused example whose `async` body runs on the main actor.
    @_disfavoredOverload
    public func fIt<Call: AsyncMainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Example<Call> {
        .example(
            description, [.focused] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), Call.asyncMainBody(body))
    }

    /// Declares an excluded example whose body runs on the main actor.
    public func xIt<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Example<Call> {
        .example(
            description, [.excluded] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), Call.body(body))
    }

    /// Declares an excluded example whose `async` body runs on the main actor.
    @_disfavoredOverload
    public func xIt<Call: AsyncMainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Example<Call> {
        .example(
            description, [.excluded] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), Call.asyncMainBody(body))
    }

    /// Declares a group of main-actor examples; see the global `describe`.
    public func describe<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content
        )
    }

    /// Declares a group of main-actor examples; see the global `context`.
    public func context<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content
        )
    }

    /// Declares a group of main-actor examples; see the global `fDescribe`.
    public func fDescribe<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, [.focused] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
    }

    /// Declares a group of main-actor examples; see the global `fContext`.
    public func fContext<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, [.focused] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
    }

    /// Declares a group of main-actor examples; see the global `xDescribe`.
    public func xDescribe<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, [.excluded] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
    }

    /// Declares a group of main-actor examples; see the global `xContext`.
    public func xContext<Call: MainActorCallKind>(
        _ description: String,
        _ traits: ExampleTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        @ExampleBuilder<Call> content: () -> ExampleGroup<Call>
    ) -> Examples<Call> {
        .group(
            description, [.excluded] + traits,
            CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column), content)
    }

    /// Declares a `beforeAll` hook that runs on the main actor; see the global `beforeAll`.
    public func beforeAll<Call: MainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: HookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<BeforeAllPhase, Call> {
        .hook(
            .beforeAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.body(body)))
    }

    /// Declares an `async` `beforeAll` hook that runs on the main actor; see the global `beforeAll`.
    @_disfavoredOverload
    public func beforeAll<Call: AsyncMainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: HookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<BeforeAllPhase, Call> {
        .hook(
            .beforeAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares a `beforeEach` hook that runs on the main actor; see the global `beforeEach`.
    public func beforeEach<Call: MainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<BeforeEachPhase, Call> {
        .hook(
            .beforeEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.body(body)))
    }

    /// Declares an `async` `beforeEach` hook that runs on the main actor; see the global `beforeEach`.
    @_disfavoredOverload
    public func beforeEach<Call: AsyncMainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<BeforeEachPhase, Call> {
        .hook(
            .beforeEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares a `afterEach` hook that runs on the main actor; see the global `afterEach`.
    public func afterEach<Call: MainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<AfterEachPhase, Call> {
        .hook(
            .afterEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.body(body)))
    }

    /// Declares an `async` `afterEach` hook that runs on the main actor; see the global `afterEach`.
    @_disfavoredOverload
    public func afterEach<Call: AsyncMainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<AfterEachPhase, Call> {
        .hook(
            .afterEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares a `afterAll` hook that runs on the main actor; see the global `afterAll`.
    public func afterAll<Call: MainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: HookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () throws -> Void
    ) -> Step<AfterAllPhase, Call> {
        .hook(
            .afterAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.body(body)))
    }

    /// Declares an `async` `afterAll` hook that runs on the main actor; see the global `afterAll`.
    @_disfavoredOverload
    public func afterAll<Call: AsyncMainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: HookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor () async throws -> Void
    ) -> Step<AfterAllPhase, Call> {
        .hook(
            .afterAll, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .plain(Call.asyncMainBody(body)))
    }

    /// Declares an `aroundEach` hook that runs on the main actor; see the global `aroundEach`.
    public func aroundEach(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor (_ body: () throws -> Void) throws -> Void
    ) -> AroundEach<SyncMainCall> {
        .hook(
            .aroundEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .around(SyncMainCall.around(body)))
    }

    /// Declares an `async` `aroundEach` hook that runs on the main actor; see the global `aroundEach`.
    @_disfavoredOverload
    public func aroundEach<Call: AsyncMainActorCallKind>(
        _ name: HookName? = nil,
        _ traits: EachHookTrait...,
        fileID: String = #fileID,
        filePath: String = #filePath,
        line: Int = #line,
        column: Int = #column,
        _ body: @escaping @MainActor (_ body: () async throws -> Void) async throws -> Void
    ) -> AroundEach<Call> {
        .hook(
            .aroundEach, name, traits, CodeLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            .around(Call.asyncMainAround(body)))
    }

}
