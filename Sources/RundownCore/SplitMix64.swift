/// Rundown's pseudo-random numbers: SplitMix64, a 64-bit state advanced by a fixed odd constant and
/// mixed by two multiply-xorshift rounds. A seeded run's order and the explorer's `.random` orders
/// both come from it.
///
/// Written here rather than taken from the standard library because a seed must give the same
/// sequence on every machine and every toolchain (a seeded order is replayed from the seed a
/// failure printed; `.random(runs:seed:)` promises the same orders), and the standard library's
/// generators promise no particular sequence.
package struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator whose first number is the one after `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next number of the sequence.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, by the high half of a 128-bit product: no division, and a bias of at
    /// most `bound / 2⁶⁴`, far below anything a schedule with a few dozen options could show.
    package mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "a choice needs at least one option")
        return Int(UInt64(bound).multipliedFullWidth(by: next()).high)
    }
}
