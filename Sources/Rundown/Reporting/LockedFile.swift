import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that several processes change in turn: each change reads it,
/// computes its new text and writes it back whole, under an exclusive
/// `flock` that the next writer waits for.
///
/// The lock is on the file itself, so the file is written in place (an
/// atomic rename would give later writers another file to lock). A reader
/// that does not lock may see a change half written; the writers never do.
enum LockedFile {
    /// Replaces the text of the file at `path` (made if missing, empty then)
    /// with what `change` makes of it, under the file's lock.
    static func update(_ path: String, _ change: (String) -> String) throws(SystemError) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError(errno) }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw SystemError(errno) }
        }
        let text = change(String(decoding: try read(descriptor), as: UTF8.self))
        guard ftruncate(descriptor, 0) == 0 else { throw SystemError(errno) }
        try write(Array(text.utf8), to: descriptor)
    }

    private static func read(_ descriptor: Int32) throws(SystemError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count > 0 {
                bytes += chunk[0..<count]
            } else if count == 0 {
                return bytes
            } else if errno != EINTR {
                throw SystemError(errno)
            }
        }
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(written))
            }
            if count >= 0 {
                written += count
            } else if errno != EINTR {
                throw SystemError(errno)
            }
        }
    }
}

/// A call to the system that failed, with its reason in words
/// (`Permission denied`), not a number or a Foundation error's dump.
struct SystemError: Error, CustomStringConvertible {
    /// The `errno` it failed with.
    var code: Int32
    /// What was being done, if more than the caller says: `cannot make the folder build/junit`.
    var doing: String?

    init(_ code: Int32, _ doing: String? = nil) {
        self.code = code
        self.doing = doing
    }

    /// `cannot make the folder build/junit: Not a directory`, or the reason alone.
    var description: String {
        let reason = String(cString: strerror(code))
        return doing.map { "\($0): \(reason)" } ?? reason
    }
}
