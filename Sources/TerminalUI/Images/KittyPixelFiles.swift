#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Pixel files kitty reads itself: the transmission medium `t=t` of its graphics protocol
/// (a temporary file the terminal deletes once read), as `kitten icat` uses when the
/// terminal runs on the same machine. The escape sequence then carries only the file's
/// path, instead of every pixel in base64 for the terminal to decode.
///
/// kitty reads such a file only from a temporary directory (`/dev/shm`, `/tmp`) and only
/// when its path contains `tty-graphics-protocol`. Files are created with `O_EXCL` and mode
/// 0600; ``removeAll()`` deletes those the terminal has not (a picture never sent, or a
/// terminal closed before reading). A file still there ``lifetime`` after it was written is
/// deleted at the next write: a terminal reads the files as it meets their commands, so one
/// that leaves them would otherwise fill `/dev/shm`, which is memory.
public final class KittyPixelFiles {
  /// Where the files go: `/dev/shm` (memory) when it is a writable directory, else `/tmp`.
  public let directory: String
  /// How long a file may wait for the terminal.
  public var lifetime: Duration = .seconds(30)
  private let prefix: String
  /// Files written and maybe still there, oldest first.
  private var created: [(path: String, written: ContinuousClock.Instant)] = []
  private var counter = 0

  /// `nil` when neither directory can take files.
  public init?(directory: String? = nil) {
    let candidates = directory.map { [$0] } ?? ["/dev/shm", "/tmp"]
    guard let usable = candidates.first(where: { access($0, W_OK | X_OK) == 0 }) else {
      return nil
    }
    self.directory = usable
    prefix = "\(usable)/photogate-tty-graphics-protocol-\(getpid())-"
  }

  /// Writes `bytes` to a new file and returns its path; `nil` if it could not be written
  /// whole (nothing is left behind then).
  public func write(_ bytes: [UInt8]) -> String? {
    removeExpired()
    counter += 1
    let path = prefix + "\(counter)"
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    let complete = bytes.withUnsafeBytes { raw -> Bool in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
    guard complete else {
      unlink(path)
      return nil
    }
    created.append((path, .now))
    return path
  }

  /// Deletes every file written that is still there.
  public func removeAll() {
    for file in created { unlink(file.path) }
    created = []
  }

  /// Deletes the files older than ``lifetime`` (those the terminal read are gone already).
  private func removeExpired() {
    let now = ContinuousClock.now
    let expired = created.prefix { now - $0.written >= lifetime }
    guard !expired.isEmpty else { return }
    for file in expired { unlink(file.path) }
    created.removeFirst(expired.count)
  }
}
