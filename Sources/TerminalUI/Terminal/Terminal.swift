import Dispatch

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The one type that touches the tty: raw mode, the alternate screen, the cursor, the size,
/// resize notices, and unbuffered writes. Everything else in TerminalUI is pure.
///
/// ``enterRawMode()`` saves the exact original `termios` (`tcgetattr`) and ``restore()``
/// puts it back (`tcsetattr`), leaves the alternate screen and shows the cursor; it runs on
/// every exit path: normal return, thrown error, SIGINT and SIGTERM (which then exit with
/// 128 + the signal, as a shell expects).
///
/// Sendable by hand (`@unchecked`): the saved terminal state is touched only under `lock` (shared with signal handlers).
public final class Terminal: @unchecked Sendable {
  /// A failed C call on the terminal.
  public struct Failure: Error, CustomStringConvertible {
    public var call: String
    public var errno: Int32
    public var description: String { "\(call): \(String(cString: strerror(errno)))" }
  }

  public let input: Int32
  public let output: Int32
  /// Whether the descriptors were opened here (``openControlling()``) and close with it.
  private let ownsDescriptors: Bool
  private let lock = NSLockLike()
  private var original: termios?
  private var usesAlternateScreen = false
  private var signalSources: [DispatchSourceSignal] = []
  private var cleanupBytes: [UInt8] = []

  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
    ownsDescriptors = false
  }

  private init(owning fd: Int32) {
    input = fd
    output = fd
    ownsDescriptors = true
  }

  deinit {
    if ownsDescriptors { close(input) }
  }

  /// The terminal a full-screen program draws on: stdin and stdout when both are terminals;
  /// else, with `orControlling` (a program whose output is for a pipe, like `photogate pick |
  /// xargs …`), the controlling terminal (``openControlling()``); nil when there is none to
  /// draw on.
  public static func forFullScreen(orControlling: Bool) throws(Failure) -> Terminal? {
    if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 { return Terminal() }
    return orControlling ? try openControlling() : nil
  }

  /// The process's controlling terminal, `/dev/tty`, read and written through one descriptor
  /// that closes with the returned value: where a program whose stdin or stdout is a pipe
  /// still reaches the terminal it runs in (`photogate pick | xargs …`, `show` fed by a pipe).
  public static func openControlling() throws(Failure) -> Terminal {
    let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(call: "open /dev/tty", errno: errno) }
    return Terminal(owning: fd)
  }

  /// Whether both ends are terminals.
  public var isInteractive: Bool { isatty(input) == 1 && isatty(output) == 1 }

  /// Columns and rows of the terminal on `fd` (`ioctl(TIOCGWINSZ)`), `nil` when it is not a
  /// terminal or reports zero.
  public static func size(of fd: Int32 = STDOUT_FILENO) -> (columns: Int, rows: Int)? {
    var size = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
      return nil
    }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Raw mode (`cfmakeraw`: no echo, no line editing, no signals from keys, no output
  /// processing), after saving the original settings for ``restore()``. Reads return
  /// after at most 100 ms so that a lone Escape is seen.
  public func enterRawMode() throws {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else { throw Failure(call: "tcgetattr", errno: errno) }
    lock.locked { if original == nil { original = settings } }
    cfmakeraw(&settings)
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 0
      cc[Int(VTIME)] = 1
    }
    guard tcsetattr(input, TCSAFLUSH, &settings) == 0 else {
      throw Failure(call: "tcsetattr", errno: errno)
    }
  }

  /// Switches to the alternate screen and hides the cursor.
  public func enterFullScreen() {
    lock.locked { usesAlternateScreen = true }
    write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J".utf8))
  }

  /// Bytes ``restore()`` writes first, on every exit path: what removes the pictures a
  /// graphics protocol left (``GraphicsScreen/cleanup``).
  public var cleanupOnRestore: [UInt8] {
    get { lock.locked { cleanupBytes } }
    set { lock.locked { cleanupBytes = newValue } }
  }

  /// Puts the terminal back exactly as it was: pictures removed (``cleanupOnRestore``), SGR
  /// reset, cursor shown, main screen, the original `termios`. Safe to call more than once.
  public func restore() {
    let (saved, alternate, cleanup) = lock.locked { () -> (termios?, Bool, [UInt8]) in
      defer {
        original = nil
        usesAlternateScreen = false
        cleanupBytes = []
      }
      return (original, usesAlternateScreen, cleanupBytes)
    }
    if !cleanup.isEmpty { write(cleanup) }
    if alternate { write(Array("\u{1B}[m\u{1B}[?25h\u{1B}[?1049l".utf8)) }
    if var saved { _ = tcsetattr(input, TCSAFLUSH, &saved) }
  }

  /// Calls `handler` with the new size (``size(of:)``) when the window is resized
  /// (SIGWINCH), on a queue of its own; cancel the returned source to stop.
  @discardableResult
  public func onResize(_ handler: @escaping @Sendable (_ columns: Int, _ rows: Int) -> Void)
    -> DispatchSourceSignal
  {
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(
      signal: SIGWINCH, queue: DispatchQueue(label: "photogate.terminal.resize"))
    let output = output
    source.setEventHandler {
      if let size = Terminal.size(of: output) { handler(size.columns, size.rows) }
    }
    source.resume()
    return source
  }

  /// Resets the pen and clears the screen (`ESC [ m`, `ESC [ 2 J`): after a resize, the
  /// terminal may have reflowed the old frame.
  public func clearScreen() {
    write(Array("\u{1B}[m\u{1B}[2J".utf8))
  }

  /// On SIGINT or SIGTERM: ``restore()``, then exit with 128 + the signal number.
  public func restoreOnTerminationSignals() {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { [self] in
        restore()
        exit(128 + number)
      }
      source.resume()
      lock.locked { signalSources.append(source) }
    }
  }

  /// Waits up to `timeout` milliseconds for input (`poll`) and returns what one `read`
  /// gives: empty on timeout.
  public func read(timeout: Int32) -> [UInt8] {
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, timeout) > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
    return count > 0 ? Array(buffer[0..<count]) : []
  }

  /// Writes all of `bytes` to the output descriptor.
  public func write(_ bytes: [UInt8]) {
    Self.write(bytes, to: output)
  }

  /// Writes all of `bytes` to `fd`, retrying short writes and `EINTR`, with no stdio buffer
  /// in between. Returns false if the descriptor refused (a closed pipe, say).
  @discardableResult
  public static func write(_ bytes: [UInt8], to fd: Int32) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += written
      }
      return true
    }
  }
}

/// A pthread mutex, enough to guard the few fields signal handlers and callers share.
///
/// Sendable by hand (`@unchecked`): the pthread mutex is the synchronisation itself.
private final class NSLockLike: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}
