// The peers of Benchmarks/runtime.sh: the same work as one probe example
// (beforeEach, body, afterEach, each incrementing a counter) as N Swift
// Testing arguments; runtime.sh generates N @Test functions and N XCTest
// methods next to this file. N comes from RUNTIME_N.
import Foundation
import Testing

nonisolated(unsafe) var peerCounter = 0
@inline(never) func peerWork() { peerCounter &+= 1 }

enum Peer {
    static let count = Int(ProcessInfo.processInfo.environment["RUNTIME_N"] ?? "") ?? 1000
}

@Suite struct ArgumentPeer {
    @Test(arguments: 0..<Peer.count) func argument(_ index: Int) {
        peerWork()
        peerWork()
        peerWork()
    }
}
