import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// Reads a terminal on a thread of its own (`poll(2)` with a 100 ms tick, then `read(2)`)
/// and hands every chunk of bytes to a callback, until stopped; end of file or an error is
/// reported once through `onClose`.
///
/// Sendable by hand (`@unchecked`): `stopped` is touched only under `lock`; the rest is immutable.
public final class TerminalReader: @unchecked Sendable {
  private let fd: Int32
  private let onBytes: @Sendable ([UInt8]) -> Void
  private let onClose: @Sendable () -> Void
  private let lock = NSLock()
  private var stopped = false

  init(
    fd: Int32, onBytes: @escaping @Sendable ([UInt8]) -> Void,
    onClose: @escaping @Sendable () -> Void
  ) {
    self.fd = fd
    self.onBytes = onBytes
    self.onClose = onClose
  }

  func start() {
    Thread.detachNewThread { [self] in loop() }
  }

  /// Stops the reading thread at its next tick; nothing is reported after this returns.
  public func stop() { lock.withLock { stopped = true } }

  private var isStopped: Bool { lock.withLock { stopped } }

  private func loop() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !isStopped {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 100)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        if !isStopped { onClose() }
        return
      }
      if isStopped { return }
      onBytes(Array(buffer[0..<count]))
    }
  }
}

extension Terminal {
  /// Starts reading the input on a thread of its own: `onBytes` gets every chunk, `onClose`
  /// is called once if the terminal closes (end of file, an error).
  public func startReading(
    onBytes: @escaping @Sendable ([UInt8]) -> Void, onClose: @escaping @Sendable () -> Void
  ) -> TerminalReader {
    let reader = TerminalReader(fd: input, onBytes: onBytes, onClose: onClose)
    reader.start()
    return reader
  }
}
