/// A ``Gate`` wait that ran out of time; the description names the gate and what was awaited.
public enum GateError: Error, Equatable, CustomStringConvertible {
    /// The test waited for callers to park at the gate, and not enough of them did.
    case notReached(gate: String, expected: Int, parked: Int, arrivals: Int, waited: Duration)
    /// A caller stayed parked at the gate until its deadline because nothing opened the gate.
    case neverOpened(gate: String, waited: Duration)

    /// Explains the timeout well enough to find the missing step without a debugger.
    public var description: String {
        switch self {
        case .notReached(let gate, let expected, let parked, let arrivals, let waited):
            return "Gate '\(gate)' was not reached: waited \(waited) for \(expected) parked caller(s), "
                + "but \(parked) parked (\(arrivals) arrival(s) in total). "
                + "Is the code that should call arrive() running, and does it use this gate?"
        case .neverOpened(let gate, let waited):
            return "Gate '\(gate)' was never opened: a caller stayed parked for \(waited) waiting for open()."
        }
    }
}
