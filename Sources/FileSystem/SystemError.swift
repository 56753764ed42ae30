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
  /// A reason of PhotoGate's own that replaces `strerror` ("is a FIFO (named pipe), not a
  /// regular file"), or nil.
  package var note: String?

  package init(call: String, code: Int32, path: String = "", note: String? = nil) {
    self.call = call
    self.code = code
    self.path = path
    self.note = note
  }

  /// `strerror(code)`, e.g. "Permission denied", or the ``note`` when there is one.
  package var reason: String { note ?? POSIX.describe(code) }

  /// `path: call failed: reason`, or `path: note`.
  package var description: String {
    let what = note ?? "\(call) failed: \(reason)"
    return path.isEmpty ? what : "\(path): \(what)"
  }

  /// The same error, naming `path`.
  package func with(path: String) -> SystemError {
    var copy = self
    copy.path = path
    return copy
  }
}
