import Dispatch
import Foundation

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

  /// The pictures of a graphics protocol, placed over the frames; `nil` for cells only.
  public var graphics: GraphicsScreen?

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

    let decoder = KeyStream()
    let input = terminal.startReading(
      onBytes: { bytes in for key in decoder.decode(bytes) { events.post(.key(key)) } },
      // A closed terminal ends the gallery as Ctrl-C would, instead of spinning.
      onClose: { events.post(.key(.interrupt)) })
    defer { input.stop() }
    let resize = terminal.onResize { columns, rows in
      events.post(.resized(TerminalSize(columns: columns, rows: rows)))
    }
    defer { resize.cancel() }

    var renderer = ScreenRenderer(colorMode: app.model.colorMode)
    graphics?.encodeInBackground { events.post(.graphicEncoded($0)) }
    if let size = Terminal.size(of: terminal.output) {
      app.handle(.resized(TerminalSize(columns: size.columns, rows: size.rows)))
    }
    app.start()
    var reported = false
    while true {
      terminal.write(frame(app.model, renderer: &renderer))
      if let graphics { terminal.cleanupOnRestore = graphics.cleanup }
      if let exit = app.model.exit { return exit }
      if !reported, app.isSettled, isFirstFullFrame(app.model) {
        reported = true
        if exitAfterFirstFrame {
          let ms = Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e6
          terminal.restore()
          Terminal.write(
            Array("photogate: first full frame after \(String(format: "%.1f", ms)) ms\n".utf8),
            to: STDERR_FILENO)
          return .quit
        }
      }
      // A notice stays up for a few seconds, then a timer event clears it. Pictures still
      // being encoded get their half blocks in a frame drawn when they are due.
      let noticeDeadline = app.model.notice.map { _ in
        Date().addingTimeInterval(Self.noticeSeconds)
      }
      let deadline = [noticeDeadline, graphics?.placeholdersDue].compactMap { $0 }.min()
      var batch = events.takeAll(until: deadline)
      if batch.isEmpty, let noticeDeadline, Date() >= noticeDeadline { batch = [.noticeExpired] }
      for event in batch {
        if case .graphicEncoded(let encoding) = event {
          graphics?.deliver(encoding)
          continue
        }
        if case .resized = event {
          // The terminal may have reflowed the old frame: clear it, and start a renderer
          // whose pen is the plain one `ESC [ m` leaves.
          terminal.clearScreen()
          if let graphics { terminal.write(graphics.reset()) }
          renderer = ScreenRenderer(colorMode: app.model.colorMode)
        }
        app.handle(event)
        if app.model.exit != nil { break }
      }
    }
  }

  /// The bytes of one frame: pictures that leave, the changed cells (with the half blocks of
  /// pictures still being encoded), pictures that arrive.
  func frame(_ model: GalleryModel, renderer: inout ScreenRenderer) -> [UInt8] {
    var cells = GalleryView.render(model)
    guard let graphics else { return renderer.render(cells) }
    let placements = GalleryView.placements(model)
    let removals = graphics.removals(toShow: placements)
    graphics.drawPlaceholders(placements, into: &cells)
    return removals + renderer.render(cells) + graphics.additions(placements)
  }

  /// A launched screen whose visible thumbnails have all arrived (or failed), and under a
  /// graphics protocol been placed; while the library's first scan runs, one that shows some
  /// of its photos. (The loop also waits until no command is out: ``GalleryApp/isSettled``.)
  func isFirstFullFrame(_ model: GalleryModel) -> Bool {
    (model.picker.status != nil || model.picker.overlay != nil) && model.isFullyLoaded
      && graphics?.isSettled ?? true
      && (model.scanning == nil || !model.visibleIDs.isEmpty)
  }
}

/// A ``KeyDecoder`` shared with the terminal's reading thread (only that thread calls it).
///
/// Sendable by hand (`@unchecked`): only the terminal's reading thread calls `decode`.
private final class KeyStream: @unchecked Sendable {
  private var decoder = KeyDecoder()

  func decode(_ bytes: [UInt8]) -> [Key] { decoder.decode(bytes) }
}
