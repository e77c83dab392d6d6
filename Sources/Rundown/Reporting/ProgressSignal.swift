import Dispatch
import Foundation
import RundownEngine
import RundownSettings

/// `SIGUSR1`, and `SIGINFO` (Ctrl-T) on Apple platforms, asks a process that
/// runs specs what it is doing: each one heard prints the progress report of
/// everything running (``ProgressBoard/fullReport(reason:)``) on standard
/// error, in one write, and the run goes on. `RUNDOWN_PROGRESS_SIGNAL=off`
/// leaves the signals alone, for programs that use them: their default
/// action applies.
///
/// A dispatch source, not a signal handler: a handler may call only
/// async-signal-safe functions, and a report takes locks and allocates. The
/// source hears the signal and runs ordinary code on a serial queue of its
/// own, which no spec runs on, so a report comes while every thread of the
/// specs is blocked (a synchronous spec on the main thread too), and two
/// reports never write at once.
///
/// Before its source is made, a signal whose action is the default one is
/// set to be ignored: on Apple platforms the source reads a kernel queue,
/// which sees an ignored signal too, and without it the default action
/// (ending the process) would come first; on Linux, libdispatch installs a
/// handler of its own when the source is registered. A handler already there
/// is left alone. A signal sent in between is ignored, not fatal, and
/// ``installOnce()`` returns only once the sources are registered, so that a
/// signal sent while a spec runs is heard.
enum ProgressSignal {
    /// Listens for the signals, for the rest of the process, unless
    /// `RUNDOWN_PROGRESS_SIGNAL=off`: the first spec of the process calls it,
    /// and every later call finds it done.
    static func installOnce() {
        _ = sources
    }

    /// The process's sources, held for as long as it runs (a source nobody
    /// holds is released, and hears nothing). In a `Protected` only to be
    /// held by a global: nothing reads them again.
    private static let sources = Protected(
        RunSettings.current.progressSignal ? listen(to: signals, write: StandardError.write) : [])

    /// The signals that ask for a report, each with the name its report
    /// gives as the reason.
    static var signals: [(number: Int32, name: String)] {
        #if canImport(ObjectiveC)
        [(SIGUSR1, "SIGUSR1"), (infoSignal, "SIGINFO")]
        #else
        [(SIGUSR1, "SIGUSR1")]
        #endif
    }

    #if canImport(ObjectiveC)
    /// `SIGINFO` (Ctrl-T), 29 in `<sys/signal.h>` on every Apple platform.
    /// Its number, not its name: the Linux type-check of Apple branches
    /// (`apple-check`) stands Glibc in for Darwin, and Glibc has no `SIGINFO`.
    private static let infoSignal: Int32 = 29
    #endif

    /// Listens for `signals`: each one heard hands `write` the report of
    /// everything running, the signal's name as its reason. Returns the
    /// sources once they are registered; they hear for as long as they are held.
    static func listen(
        to signals: [(number: Int32, name: String)], write: @escaping @Sendable (String) -> Void
    ) -> [any DispatchSourceSignal] {
        let queue = DispatchQueue(label: "Rundown progress signal")
        return signals.map { number, name in
            ignoreUnlessHandled(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            let registered = DispatchSemaphore(value: 0)
            source.setRegistrationHandler { registered.signal() }
            source.setEventHandler { write(ProgressBoard.shared.fullReport(reason: name)) }
            source.resume()
            // Bounded: a registration that never came would lose the signal, and must not stop the spec.
            _ = registered.wait(timeout: .now() + 10)
            return source
        }
    }

    /// Sets `number` to be ignored if its action is the default one, and
    /// leaves it alone otherwise: a handler of the program's, or of
    /// libdispatch for a source made earlier (another source of the same
    /// signal, on Linux), must go on being called. `signal` is what tells
    /// the default action (`nil`) on every platform; what was there is put
    /// back with `sigaction`, flags and all. A signal that comes in between
    /// is ignored, not lost to the default action.
    private static func ignoreUnlessHandled(_ number: Int32) {
        var previous = sigaction()
        sigaction(number, nil, &previous)
        if signal(number, SIG_IGN) != nil {
            sigaction(number, &previous, nil)
        }
    }
}
