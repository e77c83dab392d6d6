import Dispatch
import Foundation
import RundownEngine

/// Tells whether code runs on the main actor without trapping when it does not.
package enum MainActorCheck {
    /// Whether code running now runs on the main actor.
    ///
    /// That is the main thread for XCTest, but on Linux the main queue can be
    /// drained by another thread (Swift Testing's main actor runs there), so
    /// the main queue is recognised too, by a value only it carries.
    package static var isOnMainActor: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMark) == true
    }

    private static let mainQueueMark: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}
