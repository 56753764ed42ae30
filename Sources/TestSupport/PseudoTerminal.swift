import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// A pseudo-terminal pair (`posix_openpt`): the master end (what a terminal emulator holds)
/// and the slave (the tty a program runs on). Both are closed when it goes.
public final class PseudoTerminal {
  public let master: Int32
  public let slave: Int32

  /// The pty could not be opened.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public init() throws {
    // posix_openpt/grantpt/unlockpt are not in Swift's Glibc module: do what they do on
    // Linux, with the ioctl numbers of <asm-generic/ioctls.h> (function-like macros there).
    let tiocsptlck: UInt = 0x4004_5431
    let tiocgptn: UInt = 0x8004_5430
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, tiocsptlck, &unlock) == 0,
      ioctl(master, tiocgptn, &number) == 0
    else { throw Failure(description: "open /dev/ptmx: errno \(errno)") }
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      close(master)
      throw Failure(description: "open /dev/pts/\(number): errno \(errno)")
    }
    self.master = master
    self.slave = slave
  }

  deinit {
    close(slave)
    close(master)
  }

  /// The slave's terminal settings.
  public func settings() -> termios {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings
  }

  /// What the program wrote, as the emulator reads it: waits up to two seconds for the first
  /// bytes (a loaded machine may be slow to pass them on), then until 50 ms pass with nothing
  /// more.
  public func drain() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, bytes.isEmpty ? 2000 : 50) > 0 {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
