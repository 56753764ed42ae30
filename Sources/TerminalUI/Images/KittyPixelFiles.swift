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
/// terminal closed before reading).
public final class KittyPixelFiles {
  /// Where the files go: `/dev/shm` (memory) when it is a writable directory, else `/tmp`.
  public let directory: String
  private let prefix: String
  private var created: [String] = []
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
    forgetRead()
    created.append(path)
    return path
  }

  /// Deletes every file written that is still there.
  public func removeAll() {
    for path in created { unlink(path) }
    created = []
  }

  /// Drops from the list the files the terminal has deleted, now and then, so that a long
  /// session does not keep the path of every picture it ever sent.
  private func forgetRead() {
    guard created.count >= 256 else { return }
    created.removeAll { access($0, F_OK) != 0 }
  }
}
