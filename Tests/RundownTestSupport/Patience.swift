/// How long a test waits for something that only a hang would keep from happening: a caller
/// reaching a gate, a task starting, a condition that another task makes true.
///
/// Not a measure of speed, and never a check of one: on a loaded machine a ready task has waited
/// 17 seconds for a thread, and a wait bounded by what an idle machine needs fails there with
/// nothing wrong. A minute is also the time limit of the toolkit's suites, which a hang meets first.
package let patience: Duration = .seconds(60)
