/// A toolkit call got an argument that can never make sense, such as a negative timeout.
///
/// It is thrown before any waiting starts, so a typo fails at once with the rule it broke instead
/// of reading like a real timeout ("waited -5.0 seconds").
public struct InvalidArgumentError: Error, Equatable, CustomStringConvertible {
    /// The call that was refused, such as `Gate.arrive(within:)`.
    public let call: String
    /// The argument's label.
    public let argument: String
    /// The value that was passed, as text.
    public let value: String
    /// What the argument must be.
    public let requirement: String

    /// Creates the error; the toolkit's waits throw it.
    public init(call: String, argument: String, value: String, requirement: String) {
        self.call = call
        self.argument = argument
        self.value = value
        self.requirement = requirement
    }

    /// Names the call, the argument and the rule: `Gate.arrive(within:): within must be more than
    /// zero, got -5.0 seconds`.
    public var description: String {
        "\(call): \(argument) must be \(requirement), got \(value)"
    }

    /// Throws unless `timeout` is more than zero.
    static func checkTimeout(_ timeout: Duration, in call: String, argument: String = "within") throws {
        guard timeout > .zero else {
            throw InvalidArgumentError(
                call: call, argument: argument, value: "\(timeout)", requirement: "more than zero")
        }
    }

    /// Throws unless `count` is at least 1.
    static func checkCount(_ count: Int, in call: String) throws {
        guard count >= 1 else {
            throw InvalidArgumentError(call: call, argument: "count", value: "\(count)", requirement: "at least 1")
        }
    }
}
