import RundownCore
import RundownEngine

/// How long one example or group of a run took, for `RUNDOWN_PROFILE`.
struct ProfileEntry: Sendable, Equatable {
    var path: [String]
    var location: CodeLocation
    var duration: Duration
}

/// Times one run's examples and groups, from its events, for the process's
/// profile (``ProcessProfile``).
///
/// An example's time is the one its `exampleFinished` event carries, its
/// each-hooks included; an example that never started (skipped, left out by
/// focus) is not timed. A group's time runs from its `groupStarted` to its
/// `groupFinished`: its `beforeAll` to its `afterAll`, everything in it
/// included. Keyed by path, because the elements of a `.concurrent` group
/// start and finish interleaved.
final class ProfileCollector {
    private var groupStarts: [[String]: (location: CodeLocation, start: ContinuousClock.Instant)] = [:]
    private var exampleLocations: [[String]: CodeLocation] = [:]
    private(set) var examples: [ProfileEntry] = []
    private(set) var groups: [ProfileEntry] = []

    func receive(_ event: SpecEvent) {
        switch event {
        case .groupStarted(let path, let location):
            groupStarts[path] = (location, .now)
        case .groupFinished(let path):
            guard let started = groupStarts.removeValue(forKey: path) else { return }
            groups.append(
                ProfileEntry(path: path, location: started.location, duration: started.start.duration(to: .now)))
        case .exampleStarted(let path, let location):
            exampleLocations[path] = location
        case .exampleFinished(let path, _, let duration):
            guard let location = exampleLocations.removeValue(forKey: path) else { return }
            examples.append(ProfileEntry(path: path, location: location, duration: duration))
        case .failed, .skipped, .noticed:
            break
        }
    }
}
