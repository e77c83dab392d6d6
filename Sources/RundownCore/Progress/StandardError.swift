import Foundation

/// Standard error, written with one `write(2)` per text, so that a report
/// never interleaves mid-line with other output.
package enum StandardError {
    /// Writes `text` and a newline.
    package static func write(_ text: String) {
        var text = text + "\n"
        text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return }
            var left = bytes.count
            // One write, unless the system takes only part of it.
            while left > 0 {
                let written = writeToStandardError(next, left)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                next += written
                left -= written
            }
        }
    }
}

/// `write(2)` on standard error, out of ``StandardError``, whose own `write` would hide the system's.
private func writeToStandardError(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    write(STDERR_FILENO, bytes, count)
}
