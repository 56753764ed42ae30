import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DecodeError {
  /// An ``Code/io`` error for a failed file-system call: "`action`: `strerror`" ("is a folder,
  /// not a file" for `EISDIR`, the file layer's own note for another file that is not a
  /// regular one), naming the call's path.
  init(_ error: SystemError, doing action: String) {
    let reason =
      error.code == EISDIR
      ? "is a folder, not a file" : error.note ?? "\(action): \(error.reason)"
    self.init(.io, path: error.path.isEmpty ? nil : error.path, reason: reason)
  }
}
