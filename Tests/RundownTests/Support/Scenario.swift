import RundownEngine
import RundownTestSupport
import Testing

@testable import Rundown

/// A spec written once and run by every engine: synchronous, asynchronous,
/// and both on the main actor. The rules must not depend on which one runs it.
protocol Scenario {
    @ExampleBuilder<Call> func content<Call: CallKind>(_ log: Log) -> ExampleGroup<Call>
}

/// A spec that needs `async` closures, run by both asynchronous engines.
protocol AsyncScenario {
    @ExampleBuilder<Call> func content<Call: AsyncCallKind>(_ log: Log) -> ExampleGroup<Call>
}

/// What one run of a scenario did.
struct Run: Equatable {
    var log: [String]
    /// Every event but durations, rendered as text.
    var events: [String]
    var failures: [String]
    var skips: [String]
    var passed: Int
    var failed: Int
    var skipped: Int
    var everythingSkipped: Bool
}

let scenarioLocation = CodeLocation(fileID: "RundownTests/Scenario.swift", filePath: #filePath, line: 1, column: 1)

/// Runs the scenario with all four call kinds, checks that they did the same,
/// and returns what they did.
@MainActor
func runEverywhere(_ scenario: some Scenario, sourceLocation: SourceLocation = #_sourceLocation) async -> Run {
    let sync = runSynchronously(scenario, as: SyncCall.self)
    let syncMain = runSynchronously(scenario, as: SyncMainCall.self)
    let async = await runAsynchronously(scenario, as: AsyncCall.self)
    let asyncMain = await runAsynchronously(scenario, as: AsyncMainCall.self)
    #expect(syncMain == sync, "SyncMainCall differs from SyncCall", sourceLocation: sourceLocation)
    #expect(async == sync, "AsyncCall differs from SyncCall", sourceLocation: sourceLocation)
    #expect(asyncMain == sync, "AsyncMainCall differs from SyncCall", sourceLocation: sourceLocation)
    return sync
}

/// Runs the asynchronous scenario with both asynchronous call kinds, checks
/// that they did the same, and returns what they did.
@MainActor
func runEverywhere(_ scenario: some AsyncScenario, sourceLocation: SourceLocation = #_sourceLocation) async -> Run {
    let log = Log()
    let plain = await run(scenario.content(log) as ExampleGroup<AsyncCall>, log: log)
    let mainLog = Log()
    let main = await run(scenario.content(mainLog) as ExampleGroup<AsyncMainCall>, log: mainLog)
    #expect(main == plain, "AsyncMainCall differs from AsyncCall", sourceLocation: sourceLocation)
    return plain
}

private func runSynchronously<Call: CallKind>(_ scenario: some Scenario, as: Call.Type) -> Run
where Call.Mode == Synchronous {
    let log = Log()
    let group: ExampleGroup<Call> = scenario.content(log)
    var events: [SpecEvent] = []
    let root = GroupNode(description: "Spec", location: scenarioLocation, content: group.content)
    let report = SpecEngine.run(root, recognizers: HostChoice.skipRecognizers) { events.append($0) }
    return Run(log: log.entries, events: events, report: report)
}

nonisolated(nonsending) private func runAsynchronously<Call: CallKind>(_ scenario: some Scenario, as: Call.Type) async
    -> Run where Call.Mode == Asynchronous
{
    let log = Log()
    return await run(scenario.content(log) as ExampleGroup<Call>, log: log)
}

nonisolated(nonsending) private func run<Call: CallKind>(_ group: ExampleGroup<Call>, log: Log) async -> Run
where Call.Mode == Asynchronous {
    var events: [SpecEvent] = []
    let root = GroupNode(description: "Spec", location: scenarioLocation, content: group.content)
    let report = await SpecEngine.run(root, recognizers: HostChoice.skipRecognizers) { events.append($0) }
    return Run(log: log.entries, events: events, report: report)
}

extension Run {
    init(log: [String], events: [SpecEvent], report: SpecReport) {
        self.log = log
        self.events = events.map(Self.render)
        failures = report.failures.map(\.description)
        skips = report.skips.map(\.description)
        passed = report.passedCount
        failed = report.failedCount
        skipped = report.skippedCount
        everythingSkipped = report.everythingSkipped
    }

    static func render(_ event: SpecEvent) -> String {
        switch event {
        case .groupStarted(let path, _): "group \(path.joined(separator: ", ")) {"
        case .groupFinished(let path): "} \(path.joined(separator: ", "))"
        case .exampleStarted(let path, _): "example \(path.joined(separator: ", "))"
        case .exampleFinished(let path, let result, _): "\(path.joined(separator: ", ")): \(result)"
        case .failed(let failure): "failed \(failure)"
        case .skipped(let skip): "skip \(skip)"
        case .noticed(let notice): "notice \(notice)"
        }
    }
}

/// An `aroundEach` hook for a scenario of any call kind: logs `<name> <`,
/// throws `error` if given, calls its body `calls` times, logs `<name> >`,
/// then throws `errorAfterBody` if given; with `everyExample`, it has that trait.
/// (The DSL's own `aroundEach` is either synchronous or `async`, so a scenario
/// generic over its call kind cannot spell one; this builds the same hook for
/// whichever engine runs it.)
func loggingAround<Call: CallKind>(
    _ log: Log,
    _ name: String = "around",
    named hookName: String? = nil,
    throwing error: (any Error)? = nil,
    calls: Int = 1,
    throwingAfterBody errorAfterBody: (any Error)? = nil,
    everyExample: Bool = false,
    line: Int = #line
) -> AroundEach<Call> {
    let location = CodeLocation(fileID: "RundownTests/Scenario.swift", filePath: #filePath, line: line, column: 1)
    let body: Call.Mode.Around
    if Call.Mode.self == Synchronous.self {
        let around: Synchronous.Around = { run in
            log("\(name) <")
            if let error { throw error }
            for _ in 0..<calls { try run() }
            log("\(name) >")
            if let errorAfterBody { throw errorAfterBody }
        }
        body = around as! Call.Mode.Around
    } else {
        let around: Asynchronous.Around = { run in
            log("\(name) <")
            if let error { throw error }
            for _ in 0..<calls { try await run() }
            log("\(name) >")
            if let errorAfterBody { throw errorAfterBody }
        }
        body = around as! Call.Mode.Around
    }
    return Step(
        content: GroupContent(
            hook: HookNode(
                kind: .aroundEach, name: hookName, location: location, isEveryExample: everyExample, body: .around(body)
            )))
}
