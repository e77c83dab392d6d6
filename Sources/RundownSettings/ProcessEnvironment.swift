import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The variables of this process that Rundown's settings read: those whose
/// name is in `names` or starts with `prefix`, in the order the environment
/// lists them.
///
/// On Linux they are picked straight from the C environment: `ProcessInfo`'s
/// `environment` first decodes every variable of the process into a
/// dictionary, which costs a process that runs one small spec more than the
/// spec itself (the Foundation set-up, a walk over every character, and the
/// runtime's first look-up of `String: Hashable`). An entry is read as
/// `ProcessInfo` reads it: split at its first `=`, left out unless it has one
/// and is valid UTF-8.
package enum ProcessEnvironment {
    package static func variables(named names: [String], orPrefixed prefix: String) -> [(name: String, value: String)] {
        #if canImport(Glibc) || canImport(Musl)
        var variables: [(name: String, value: String)] = []
        // Optional whichever way the C library declares it.
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return [] }
        while let cString = entry.pointee {
            entry += 1
            guard isWanted(cString, names: names, prefix: prefix), let text = String(validatingCString: cString),
                let equals = text.utf8.firstIndex(of: UInt8(ascii: "="))
            else { continue }
            variables.append((String(text[..<equals]), String(text[text.utf8.index(after: equals)...])))
        }
        return variables
        #else
        return ProcessInfo.processInfo.environment.filter { names.contains($0.key) || $0.key.hasPrefix(prefix) }
            .map { (name: $0.key, value: $0.value) }
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// Whether the entry `NAME=value` at `cString` names a wanted variable,
    /// decided on its bytes: most of a process's variables are not, and are
    /// never made into strings.
    private static func isWanted(_ cString: UnsafePointer<CChar>, names: [String], prefix: String) -> Bool {
        let bytes = UnsafeRawPointer(cString).assumingMemoryBound(to: UInt8.self)
        func starts(with text: String) -> Bool {
            var index = 0
            for byte in text.utf8 {
                guard bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
        return starts(with: prefix) || names.contains { starts(with: $0 + "=") }
    }
    #endif
}
