import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that several processes change in turn and read: each change reads
/// it, computes its new text and writes it back whole, under an exclusive
/// `flock` that the next writer, and every reader, waits for.
///
/// Invariants. The lock is on the file itself, so the file is written in
/// place (an atomic rename would give later writers another file to lock).
/// No process ever sees a change half made: writers hold the exclusive lock,
/// readers a shared one. A missing file is made already locked, before it
/// appears under its name (a locked file of another name, linked there), so
/// that the first change is whole too, and its writer knows the file is new:
/// it is told `nil`, not an empty text, which the file's format may need to
/// tell apart (the failures file of `RUNDOWN_FAILURES` does).
package enum LockedFile {
    /// Replaces the text of the file at `path` with what `change` makes of
    /// it, under the file's lock; `change` gets `nil` if the file did not
    /// exist, and this call made it.
    package static func update(_ path: String, _ change: (String?) -> String) throws(SystemError) {
        let (descriptor, made) = try openLocked(path)
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        let text = change(made ? nil : String(decoding: try read(descriptor), as: UTF8.self))
        guard ftruncate(descriptor, 0) == 0 else { throw SystemError(errno) }
        try write(Array(text.utf8), to: descriptor)
    }

    /// Adds `text` at the end of the file at `path`, under the file's lock,
    /// if the file starts with `prefix`; otherwise (another run's file, or
    /// none) replaces it with `header`, which starts with `prefix`, and
    /// `text`. Only the prefix is read, so that a file every spec adds to
    /// costs each no more than its own text, however long it has grown.
    package static func append(
        _ text: String, to path: String, ifStartingWith prefix: String, elseStartingWith header: String
    ) throws(SystemError) {
        let (descriptor, made) = try openLocked(path)
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        let expected = Array(prefix.utf8)
        var start = [UInt8](repeating: 0, count: expected.count)
        var count = 0
        while !made, count < start.count {
            let read = start.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(count))
            }
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                throw SystemError(errno)
            }
        }
        if count == expected.count, start == expected {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw SystemError(errno) }
            try write(Array(text.utf8), to: descriptor, at: Int(info.st_size))
        } else {
            guard ftruncate(descriptor, 0) == 0 else { throw SystemError(errno) }
            try write(Array((header + text).utf8), to: descriptor)
        }
    }

    /// The bytes of the file at `path`, read under a shared lock, so that no
    /// change is seen half made; `nil` if there is no such file. A folder is
    /// an error, `EISDIR`. Where the file system has no locks (`ENOLCK`,
    /// some network file systems), the file is read as it stands: a file
    /// of the user's is still read, and no writer could lock it either.
    package static func read(_ path: String) throws(SystemError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw SystemError(errno)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError(errno) }
        guard (info.st_mode & mode_t(S_IFMT)) != mode_t(S_IFDIR) else { throw SystemError(EISDIR) }
        do throws(SystemError) {
            try lock(descriptor, LOCK_SH)
        } catch {
            guard error.code == ENOLCK else { throw error }
        }
        return try read(descriptor)
    }

    /// The file at `path` open for reading and writing under an exclusive
    /// lock, and whether this call made it.
    private static func openLocked(_ path: String) throws(SystemError) -> (descriptor: Int32, made: Bool) {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        if descriptor >= 0 { return (try locked(descriptor), false) }
        guard errno == ENOENT else { throw SystemError(errno) }
        if let made = try makeLocked(path) { return (made, true) }
        // Another process made it meanwhile: open theirs, and wait for its lock. (Or the
        // name is a link to nothing, which `open` makes the file of, as it would be made.)
        let theirs = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard theirs >= 0 else { throw SystemError(errno) }
        return (try locked(theirs), false)
    }

    /// `descriptor`, under an exclusive lock; closed if it cannot be locked.
    private static func locked(_ descriptor: Int32) throws(SystemError) -> Int32 {
        do throws(SystemError) {
            try lock(descriptor, LOCK_EX)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Makes the file at `path`, locked before any other process can open
    /// it; `nil` if another process made it first.
    private static func makeLocked(_ path: String) throws(SystemError) -> Int32? {
        let temporary = "\(path).rundown-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let descriptor = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw SystemError(errno) }
        defer { unlink(temporary) }
        let made = try locked(descriptor)
        if link(temporary, path) == 0 { return made }
        let code = errno
        close(made)
        if code == EEXIST { return nil }
        // A file system without hard links: made in place, so a reader may
        // find it empty for as long as it takes its writer to lock it.
        let inPlace = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard inPlace >= 0 else {
            if errno == EEXIST { return nil }
            throw SystemError(errno)
        }
        return try locked(inPlace)
    }

    private static func lock(_ descriptor: Int32, _ operation: Int32) throws(SystemError) {
        while flock(descriptor, operation) != 0 {
            guard errno == EINTR else { throw SystemError(errno) }
        }
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

    private static func write(_ bytes: [UInt8], to descriptor: Int32, at offset: Int = 0) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                pwrite(descriptor, $0.baseAddress! + written, $0.count - written, off_t(offset + written))
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
package struct SystemError: Error, CustomStringConvertible {
    /// The `errno` it failed with.
    package var code: Int32
    /// What was being done, if more than the caller says: `cannot make the folder build/junit`.
    package var doing: String?

    package init(_ code: Int32, _ doing: String? = nil) {
        self.code = code
        self.doing = doing
    }

    /// `cannot make the folder build/junit: Not a directory`, or the reason alone.
    package var description: String {
        let reason = String(cString: strerror(code))
        return doing.map { "\($0): \(reason)" } ?? reason
    }
}
