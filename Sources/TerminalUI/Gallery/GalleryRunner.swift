import Dispatch
import Foundation

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// The gallery's terminal loop (bubbletea's `Program`): raw mode and the alternate screen,
/// an input thread decoding keys, SIGWINCH, the background thumbnail loader, and for every
/// batch of events update → view → the diffing renderer → the terminal.
///
/// The terminal is restored (``Terminal/restore()``: SGR reset, cursor, main screen, the
/// original `termios`) when the loop ends for any reason: a quit, Ctrl-C, a thrown error,
/// and on SIGINT/SIGTERM through ``Terminal/restoreOnTerminationSignals()``.
public struct GalleryRunner {
  /// Exit right after the first full frame (every visible thumbnail drawn), reporting the
  /// time it took on stderr: `PHOTOGATE_EXIT_AFTER_FIRST_FRAME=1`.
  public var exitAfterFirstFrame = false
  /// When the process started work (for the first-frame report).
  public var startedAt = DispatchTime.now()

  /// How long a notice stays up when nothing else happens.
  public static let noticeSeconds = 4.0

  public init() {}

  /// Runs `app` on `terminal` until it ends and returns how it ended. `events` is the queue
  /// the thumbnail loader and the library observer post to.
  public func run(_ app: GalleryApp, on terminal: Terminal, events: EventQueue) throws
    -> GalleryExit
  {
    try terminal.enterRawMode()
    defer { terminal.restore() }
    terminal.restoreOnTerminationSignals()
    terminal.enterFullScreen()

    let input = InputReader(fd: terminal.input, events: events)
    input.start()
    defer { input.stop() }
    let resize = Self.watchResize(output: terminal.output, events: events)
    defer { resize.cancel() }

    var renderer = ScreenRenderer(colorMode: app.model.colorMode)
    if let size = Terminal.size(of: terminal.output) {
      app.handle(.resized(TerminalSize(columns: size.columns, rows: size.rows)))
    }
    app.start()
    var reported = false
    while true {
      terminal.write(renderer.render(GalleryView.render(app.model)))
      if let exit = app.model.exit { return exit }
      if !reported, isFirstFullFrame(app.model) {
        reported = true
        if exitAfterFirstFrame {
          let ms = Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e6
          terminal.restore()
          FileHandle.standardError.write(
            Data("photogate: first full frame after \(String(format: "%.1f", ms)) ms\n".utf8))
          return .quit
        }
      }
      // A notice stays up for a few seconds, then a timer event clears it.
      let deadline = app.model.notice.map { _ in Date().addingTimeInterval(Self.noticeSeconds) }
      var batch = events.takeAll(until: deadline)
      if batch.isEmpty { batch = [.noticeExpired] }
      for event in batch {
        if case .resized = event {
          // The terminal may have reflowed the old frame: clear it, and start a renderer
          // whose pen is the plain one `ESC [ m` leaves.
          terminal.write(Array("\u{1B}[m\u{1B}[2J".utf8))
          renderer = ScreenRenderer(colorMode: app.model.colorMode)
        }
        app.handle(event)
        if app.model.exit != nil { break }
      }
    }
  }

  /// A launched screen whose visible thumbnails have all arrived (or failed).
  func isFirstFullFrame(_ model: GalleryModel) -> Bool {
    (model.picker.status != nil || model.picker.overlay != nil) && model.isFullyLoaded
  }

  /// Posts `.resized` on SIGWINCH (on a queue of its own: the main thread runs this loop).
  static func watchResize(output: Int32, events: EventQueue) -> DispatchSourceSignal {
    signal(SIGWINCH, SIG_IGN)
    let source = DispatchSource.makeSignalSource(
      signal: SIGWINCH, queue: DispatchQueue(label: "photogate.gallery.resize"))
    source.setEventHandler {
      if let size = Terminal.size(of: output) {
        events.post(.resized(TerminalSize(columns: size.columns, rows: size.rows)))
      }
    }
    source.resume()
    return source
  }
}

/// Reads the terminal on a thread of its own and posts decoded keys; a closed terminal
/// (end of file, an error) is posted as Ctrl-C, so the gallery ends instead of spinning.
final class InputReader: @unchecked Sendable {
  private let fd: Int32
  private let events: EventQueue
  private let lock = NSLock()
  private var stopped = false

  init(fd: Int32, events: EventQueue) {
    self.fd = fd
    self.events = events
  }

  func start() {
    Thread.detachNewThread { [self] in loop() }
  }

  func stop() { lock.withLock { stopped = true } }

  private var isStopped: Bool { lock.withLock { stopped } }

  private func loop() {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !isStopped {
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, 100)
      if ready < 0, errno == EINTR { continue }
      if ready == 0 { continue }
      let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else {
        if !isStopped { events.post(.key(.interrupt)) }
        return
      }
      for key in decoder.decode(buffer[0..<count]) { events.post(.key(key)) }
    }
  }
}
