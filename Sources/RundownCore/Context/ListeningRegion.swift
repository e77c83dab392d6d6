/// A region of code whose listener hears every failure posted in it, and
/// the region it is part of.
package final class ListeningRegion: Sendable {
    let listener: any FailureListener
    let enclosing: ListeningRegion?

    init(listener: any FailureListener, enclosing: ListeningRegion?) {
        self.listener = listener
        self.enclosing = enclosing
    }
}
