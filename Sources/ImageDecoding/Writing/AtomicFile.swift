#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole files atomically: the bytes go to a fresh temporary file beside the target,
/// which is then renamed over it (`rename(2)`), so readers see the old file or the new one and
/// a failure never leaves a half-written file behind.
public enum AtomicFile {
  /// Writes `bytes` to `path` with the given permission bits (before the umask).
  public static func write(
    _ bytes: [UInt8], to path: String, permissions: mode_t = 0o644
  ) throws(DecodeError) {
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
    if descriptor < 0 { throw failure(path, errno) }
    var written = 0
    var error: Int32 = 0
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if count < 0 {
          if errno == EINTR { continue }
          error = errno
          return
        }
        written += count
      }
    }
    if close(descriptor) != 0 && error == 0 { error = errno }
    if error == 0 && rename(temporary, path) != 0 { error = errno }
    if error != 0 {
      unlink(temporary)
      throw failure(path, error)
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> DecodeError {
    DecodeError(.io, path: path, reason: "cannot write: \(String(cString: strerror(code)))")
  }
}

/// `write(2)`, named apart from ``AtomicFile/write(_:to:permissions:)``.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
