import Dispatch
import FileSystem
import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import TerminalUI

/// Wires the terminal gallery for `browse` and `pick`: the terminal, the app's session and
/// simulated device from the global options, the thumbnail loader, the library observer.
struct GalleryLauncher {
  var global: GlobalOptions
  var directory: String?
  var mode: GalleryMode
  var limit: Int? = nil
  var colorMode: ColorMode
  /// `--graphics`; `nil` for `PHOTOGATE_GRAPHICS`, else `auto`.
  var graphics: GraphicsChoice? = nil
  /// Which assets the picker offers (`pick --filter`); nil: all.
  var filter: MediaFilter? = nil

  /// Runs the gallery until it ends; the terminal is restored when this returns or throws.
  func run() throws -> GalleryExit {
    let startedAt = DispatchTime.now()
    // A gallery lives on: its large blocks are unmapped when freed, not kept in the heaps.
    // (A one-shot command is faster with glibc's default.)
    POSIX.mapLargeBlocks()
    let terminal = try openTerminal()
    var options = global
    if let directory { options.library = directory }
    let events = EventQueue()
    let environment = ProcessInfo.processInfo.environment
    let scanDelay = Self.scanDelay(environment)
    let device: SimulatedPhone
    do {
      device = try SimulatedPhone(
        session: try options.makeSession(), libraryPath: options.libraryURL().path)
      // The folder's first scan runs in the background from here on: the gallery starts on
      // the listing so far, refreshed as it grows.
      try device.start(scanDelay: scanDelay) { events.post(GalleryEvent($0)) }
    } catch {
      throw CLIError.from(error)
    }
    defer { device.stop() }
    let size = Terminal.size(of: terminal.output) ?? (80, 24)
    let choice = try graphics ?? ShowCommand.choice(from: environment)
    var model = GalleryModel(
      mode: mode, size: TerminalSize(columns: size.columns, rows: size.rows),
      colorMode: choice == .none ? .none : colorMode,
      selectionLimit: limit, filter: filter)
    if device.observesLibrary { model.scanning = ScanProgress(filesRead: 0, filesFound: 0) }
    var screen: GraphicsScreen?
    // Whether kitty reads pixel files is asked only where kitty may be the answer.
    let negotiation = GraphicsNegotiation.negotiate(
      choice, on: terminal, environment: environment,
      files: choice == .auto || choice == .kitty ? KittyPixelFiles() : nil)
    if let graphics = negotiation.graphics {
      model.previews = GraphicsPreviews(graphics, cell: negotiation.cell)
      screen = GraphicsScreen(graphics: graphics, insideTmux: negotiation.insideTmux)
      if let pane = negotiation.pane { screen?.tmuxPaneOrigin = pane.origin }
      screen?.kittyFiles = negotiation.kittyFiles
    } else if let note = negotiation.note {
      // Half blocks, and the first screen's notice line says why.
      model.notice = note
    }
    ImagePipeline.shared.byteLimit = GalleryModel.pipelineByteLimit
    let loader = ThumbnailLoader(pipeline: .shared, post: events.post)
    let app = GalleryApp(
      model: model, device: device, requestThumbnails: loader.load,
      effects: .background(post: events.post))
    app.requestPreview = loader.loadPreview
    app.requestCloudDownload = CloudDownloadLoader(device: device, post: events.post).start
    var runner = GalleryRunner()
    runner.graphics = screen
    runner.startedAt = startedAt
    runner.exitAfterFirstFrame = environment["PHOTOGATE_EXIT_AFTER_FIRST_FRAME"] == "1"
    // Pixel files the terminal has not read (it deletes those it has) go with the gallery.
    defer { screen?.kittyFiles?.removeAll() }
    do {
      return try runner.run(app, on: terminal, events: events)
    } catch let error as Terminal.Failure {
      throw CLIError.failed("cannot drive the terminal: \(name: "\(error)")")
    }
  }

  /// `PHOTOGATE_SCAN_DELAY_MS`, a testing aid: how long (in microseconds here) each progress
  /// report of the library's first scan waits once posted, so that a small library scans slowly.
  static func scanDelay(_ environment: [String: String]) -> UInt32 {
    guard let text = environment["PHOTOGATE_SCAN_DELAY_MS"], let ms = UInt32(text) else { return 0 }
    return min(ms, 10_000) * 1000
  }

  /// The terminal to draw on: stdin/stdout when both are terminals; for `pick`, else
  /// `/dev/tty` (so that `photogate pick | xargs …` still shows the gallery).
  func openTerminal() throws -> Terminal {
    let terminal: Terminal?
    do {
      terminal = try Terminal.forFullScreen(orControlling: mode == .pick)
    } catch {
      throw CLIError.usage("'photogate pick' needs a terminal to draw on: cannot \(error)")
    }
    guard let terminal else {
      throw CLIError.usage(
        "'photogate browse' is interactive: stdin and stdout must be a terminal "
          + "(for scripts use 'photogate snapshot', 'assets' or 'pick')")
    }
    return terminal
  }
}
