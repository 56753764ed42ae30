#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file-system C call: which call, on which path, and `errno` with its `strerror`.
///
/// The one error type of the file layer; `DecodeError`, `LibraryError` and `StoreError` wrap
/// it with their own code and wording.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The C function that failed ("open", "flock", …).
  package var call: String
  /// The `errno` value.
  package var code: Int32
  /// The file or folder the call was about ("" when the caller did not say).
  package var path: String

  package init(call: String, code: Int32, path: String = "") {
    self.call = call
    self.code = code
    self.path = path
  }

  /// `strerror(code)`, e.g. "Permission denied".
  package var reason: String { POSIX.describe(code) }

  /// `path: call failed: reason`.
  package var description: String {
    path.isEmpty ? "\(call) failed: \(reason)" : "\(path): \(call) failed: \(reason)"
  }

  /// The same error, naming `path`.
  package func with(path: String) -> SystemError {
    var copy = self
    copy.path = path
    return copy
  }
}
