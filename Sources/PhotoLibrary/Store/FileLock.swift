import FileSystem

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive advisory lock on a sidecar file, taken with `flock(2)`.
///
/// `flock` locks belong to an open file description, so two opens of the lock file contend
/// whether they are in two processes or in two threads of one process. The lock is released
/// when the descriptor is closed, including when the process dies, so a crash never leaves a
/// store locked. The lock file itself is never deleted: removing it while another process
/// waits on it would let two processes "hold" the lock on two different files.
enum FileLock {
  /// Runs `body` while holding the lock on `path` (created 0600 when missing), waiting at most
  /// `timeout` for another holder to let go.
  static func withExclusiveLock<T>(
    at path: String, timeout: Duration, _ body: () throws -> T
  ) throws -> T {
    let fd: Int32
    do {
      fd = try POSIX.openFile(path, O_RDWR | O_CREAT, mode: 0o600)
    } catch {
      throw StoreError(path: path, error)
    }
    defer { close(fd) }
    try acquire(fd, path: path, timeout: timeout)
    return try body()
  }

  /// Polls `flock(LOCK_EX | LOCK_NB)` with a growing pause (1 ms up to 20 ms) until it
  /// succeeds or `timeout` has passed. A blocking `flock` could wait forever on a stuck holder.
  private static func acquire(_ fd: Int32, path: String, timeout: Duration) throws(StoreError) {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var pause = Duration.milliseconds(1)
    while true {
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
      let code = errno
      if code != EWOULDBLOCK && code != EINTR {
        throw StoreError(path: path, SystemError(call: "flock", code: code))
      }
      if clock.now >= deadline {
        throw StoreError(
          .lockTimeout, path: path,
          reason: "another process has held the lock for more than \(timeout); giving up")
      }
      let (seconds, attoseconds) = pause.components
      var request = timespec(
        tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
      _ = nanosleep(&request, nil)
      pause = min(pause * 2, .milliseconds(20))
    }
  }
}
