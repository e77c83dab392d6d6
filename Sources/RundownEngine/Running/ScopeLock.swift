import Foundation

/// The lock that guards what closures and other tasks touch of one of the
/// walk's objects (a scope, a cursor): one of a few mutexes, always the same
/// for one object, picked by its address.
///
/// Several rather than one, so that specs running at once (tests in
/// parallel, a concurrent group's elements), each telling its frames at every
/// closure which closure runs, seldom wait for one another; a lock of each
/// object's own would cost an allocation per frame. Plain pthread mutexes,
/// allocated once for the process and never freed, so that taking one costs
/// no reference counting. Each critical section is a few loads and stores,
/// never a call out of the engine.
struct ScopeLock {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// The lock of `object`.
    init(guarding object: AnyObject) {
        mutex = Self.mutexes + Int((UInt(bitPattern: ObjectIdentifier(object)) >> 4) % UInt(Self.count))
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    private static let count = 32

    /// `nonisolated(unsafe)`: the pointer never changes after its lazy,
    /// thread-safe initialisation, and the mutexes it points at are only used
    /// through pthread calls, which are thread-safe by contract.
    nonisolated(unsafe) private static let mutexes: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
        for index in 0..<count {
            (mutexes + index).initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutexes + index, nil)
        }
        return mutexes
    }()
}
