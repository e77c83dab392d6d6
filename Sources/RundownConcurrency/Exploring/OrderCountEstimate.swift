import Foundation
import RundownCore

/// About how many orders an exploration has, from random probes of its tree of choices: Knuth's
/// estimator (1975), with each probe's picks weighted as a uniform random walk's.
///
/// A probe is one more run, whose every choice draws one of the options still open (within the
/// bound on preemptions) with some probability `p`; the product of `1 / p` along the run is an
/// estimate of the number of orders whose mean over many probes is exactly that number, whatever
/// the probabilities. Drawing each task with the weight of the steps it has left (``StepsLeft``,
/// learned from the runs before) makes every probe of tasks that only take steps give the exact
/// count, so a few probes are close where sleeps, a bound on preemptions or tasks that start
/// others make the tree uneven. The generator has a fixed seed: the same body gives the same
/// estimate.
struct OrderCountEstimate: Sendable {
    private var generator = SplitMix64(seed: 0x32)
    private var weights = StepsLeft()
    private(set) var probesMade = 0
    private var sum = 0.0
    /// This probe's product of `1 / p`, and the preemptions it has made.
    private var factor = 1.0
    private var preempted = 0

    /// Probes whose weights start from the tasks' lengths in a run that took `steps`.
    init(learningFrom steps: [Step]) {
        weights.learn(from: steps)
    }

    /// The estimate: the mean of the probes so far.
    var count: Double { probesMade == 0 ? 0 : sum / Double(probesMade) }

    mutating func beginProbe() {
        factor = 1
        preempted = 0
        weights.beginRun()
    }

    /// Draws an option whose preemptions (`cost` of taking it) keep the probe `within` its bound.
    mutating func choose(_ choice: Choice, cost: (Int) -> Int, within bound: () -> Int) -> Int {
        weights.count(choice.stepsSinceLastChoice)
        let open = choice.options.indices.filter { preempted + cost($0) <= bound() }
        let (pick, probability) = weights.draw(among: open, of: choice, with: &generator)
        factor /= probability
        preempted += cost(pick)
        return pick
    }

    mutating func endProbe(steps: [Step]) {
        sum += factor
        probesMade += 1
        weights.learn(from: steps)
    }

    /// `count` as a failure says it: exact below a thousand, then two significant digits, and in
    /// powers of ten from a billion: `20`, `1,700`, `760,000`, `2.1 × 10^19`.
    static func approximately(_ count: Double) -> String {
        guard count.isFinite, count >= 1 else { return "1" }
        if count < 1_000 { return "\(Int(count.rounded()))" }
        var exponent = Int(log10(count).rounded(.down))
        var leading = (count / pow(10, Double(exponent - 1))).rounded()
        if leading >= 100 {
            leading /= 10
            exponent += 1
        }
        if exponent < 9 {
            let value = Int(leading) * Int(pow(10, Double(exponent - 1)))
            return grouped(value)
        }
        let mantissa = leading / 10
        return "\(mantissa == mantissa.rounded() ? "\(Int(mantissa))" : "\(mantissa)") × 10^\(exponent)"
    }

    private static func grouped(_ value: Int) -> String {
        var digits = String(value)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(digits, at: 0)
        return groups.joined(separator: ",")
    }
}
