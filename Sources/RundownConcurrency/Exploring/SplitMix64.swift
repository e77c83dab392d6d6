/// The explorer's pseudo-random numbers: SplitMix64, a 64-bit state advanced by a fixed odd
/// constant and mixed by two multiply-xorshift rounds.
///
/// Written here rather than taken from the standard library because `.random(runs:seed:)` promises
/// that a seed gives the same orders on every machine and every toolchain, and the standard
/// library's generators promise no particular sequence.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, by the high half of a 128-bit product: no division, and a bias of at
    /// most `bound / 2⁶⁴`, far below anything a schedule with a few dozen options could show.
    mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "a choice needs at least one option")
        return Int(UInt64(bound).multipliedFullWidth(by: next()).high)
    }
}
