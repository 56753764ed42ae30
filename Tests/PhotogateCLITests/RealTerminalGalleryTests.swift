import Foundation
import ImageDecoding
import PhotoLibrary
import TerminalUI
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `photogate browse --graphics` in real terminals on a virtual X server: the grid's
/// thumbnails and the full-screen preview are found on the screen where the layout puts
/// them, matching the exact downscale of each photo's thumbnail at the cell size the
/// terminal reported (kitty within rounding, sixel within its palette), and quitting leaves
/// no picture on the screen and no reply bytes behind. Keys are typed through a
/// pseudo-terminal of the test's own (``TerminalRelay``).
@Suite(
  .serialized,
  .enabled(
    if: RealTerminal.isAvailable,
    "Xvfb, xterm, kitty, xwd, ImageMagick or sixel2png missing: real-terminal tests skipped"))
struct RealTerminalGalleryTests {
  static let photos = [
    "grace-hopper-1984.jpg", "summer-palace-beijing.jpg", "coffee-cup-progressive.jpg",
  ]

  @Test func kittyShowsTheGridAndThePreviewExactlyAndQuitsClean() throws {
    try GalleryOnScreen.check(.kitty, graphics: "kitty", minimum: 50)
  }

  @Test func xtermShowsTheGridAndThePreviewInSixelsAndQuitsClean() throws {
    try GalleryOnScreen.check(.xterm, graphics: "sixel", minimum: 35)
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func kittyThroughTmuxPassthroughShowsTheGridAndThePreviewExactly() throws {
    try GalleryOnScreen.check(.kitty, graphics: "auto", minimum: 50, throughTmux: true)
  }
}

/// One gallery run in a real terminal, checked frame by frame.
enum GalleryOnScreen {
  /// A picture the screen should show: its pixels and where (in pixels, before the
  /// terminal's border).
  struct Expected {
    var name: String
    var image: PixelImage
    var x: Int
    var y: Int
  }

  static func check(
    _ terminal: RealTerminal.Emulator, graphics: String, minimum: Double,
    throughTmux: Bool = false
  ) throws {
    let root = try TestPaths.makeTemporaryDirectory("gallery-x11")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = root.appendingPathComponent("library")
    let state = root.appendingPathComponent("state").path
    let cache = root.appendingPathComponent("cache")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for name in RealTerminalGalleryTests.photos {
      try FileManager.default.copyItem(
        at: TestPaths.sampleImages.appendingPathComponent(name),
        to: library.appendingPathComponent(name))
    }
    let grant = try CLIRunner.run(
      ["privacy", "grant", "photos", "--state-dir", state])
    #expect(grant.status == 0, "\(grant.stderr)")

    let server = try RealTerminal.XServer()
    defer { server.stop() }
    let relay = try TerminalRelay(folder: root)
    defer { relay.stop() }
    // Through tmux: the relay runs in a tmux pane (passthrough on) inside the terminal, and
    // the gallery is told it is inside that tmux.
    let tmux = "photogate-test-\(UUID().uuidString)"
    var script = relay.emulatorScript
    if throughTmux {
      let conf = root.appendingPathComponent("tmux.conf")
      try "set -g allow-passthrough on\n".write(to: conf, atomically: true, encoding: .utf8)
      let inner = root.appendingPathComponent("relay.sh")
      try script.write(to: inner, atomically: true, encoding: .utf8)
      script = "exec tmux -L \(tmux) -f '\(conf.path)' new-session 'sh \(inner.path)'"
    }
    let emulator = try server.start(terminal, script)
    defer {
      RealTerminal.stop(emulator)
      if throughTmux {
        _ = try? RealTerminal.shell("tmux -L \(tmux) kill-server")
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(tmux)")
      }
    }
    let size = try relay.waitForSize()
    // tmux does not answer `CSI 16 t`; it gives its panes the terminal's cell size in pixels.
    var tmuxCell: CellSize?
    if throughTmux {
      let format = "#{client_cell_width} #{client_cell_height}"
      let file = root.appendingPathComponent("cell").path
      try RealTerminal.shell("tmux -L \(tmux) display-message -p '\(format)' > '\(file)'")
      let shown = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
      let numbers = shown.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      #expect(numbers.count == 2, "tmux cell size: \(shown)")
      if numbers.count == 2 {
        tmuxCell = CellSize(width: numbers[0], height: numbers[1])
        relay.setPixels(
          columns: size.columns, rows: size.rows, cellWidth: numbers[0], cellHeight: numbers[1])
      }
    }

    let gallery = Process()
    gallery.executableURL = CLIRunner.executable
    gallery.arguments = [
      "browse", library.path, "--state-dir", state, "--graphics", graphics,
    ]
    var env = ProcessInfo.processInfo.environment
    env["XDG_CACHE_HOME"] = cache.path
    env["TERM"] = terminal == .kitty ? "xterm-kitty" : "xterm-256color"
    env["COLORTERM"] = "truecolor"
    env["PHOTOGATE_GRAPHICS"] = nil
    env["PHOTOGATE_LIBRARY_INDEX"] = root.appendingPathComponent("index").path
    env["TMUX"] = nil
    env["TMUX_PANE"] = nil
    env["NO_COLOR"] = nil  // keeps `auto` in text
    if throughTmux {
      env["TMUX"] = "/tmp/tmux-\(getuid())/\(tmux),0,0"
      env["KITTY_WINDOW_ID"] = "1"
    }
    gallery.environment = env
    let tty = FileHandle(fileDescriptor: relay.slave, closeOnDealloc: false)
    gallery.standardInput = tty
    gallery.standardOutput = tty
    gallery.standardError = FileHandle.nullDevice
    try gallery.run()
    defer { RealTerminal.stop(gallery) }

    let count = RealTerminalGalleryTests.photos.count
    let marker = terminal == .kitty ? "a=p" : "\u{1B}P0;1;0q"
    try relay.waitForOutput("the grid's \(count) pictures") { occurrences(marker, in: $0) >= count }
    let replies = GraphicsReplies(parsing: relay.replies)
    let cell = try #require(replies.cell ?? tmuxCell, "the terminal reported no cell size")
    // The grid: every tile holds one of the photos, each photo in one tile.
    let layout = GalleryLayout(size: TerminalSize(columns: size.columns, rows: size.rows))
    let thumbnails = try RealTerminalGalleryTests.photos.map { name in
      (
        name,
        try ThumbnailCache(root: cache.appendingPathComponent("thumbnails"))
          .thumbnail(for: library.appendingPathComponent(name), size: .large)
      )
    }
    func bestTiles(_ grid: PixelImage) -> [(name: String, score: Double)] {
      (0..<count).map { slot in
        let box = layout.imageBox(in: layout.tile(slot))
        let candidates = thumbnails.map { expected($0.0, $0.1, in: box, cell: cell) }
        let scores = candidates.map { score($0, in: grid) }
        let best = scores.indices.max { scores[$0] < scores[$1] } ?? 0
        return (candidates[best].name, scores[best])
      }
    }
    // Until the terminal has drawn what it read (every tile matches), at most 20 s.
    let grid = try server.screenshot(root, name: "grid") { shot in
      bestTiles(shot).allSatisfy { $0.score >= minimum }
    }
    let tiles = bestTiles(grid)
    for (slot, tile) in tiles.enumerated() {
      #expect(tile.score >= minimum, "tile \(slot): \(tile.score) dB")
    }
    #expect(Set(tiles.map(\.name)) == Set(RealTerminalGalleryTests.photos))

    // Enter: the focused photo full screen.
    let before = occurrences(marker, in: relay.output)
    relay.type("\r")
    try relay.waitForOutput("the preview") { occurrences(marker, in: $0) > before }
    // The preview shows each photo decoded for the preview's pixels (by the image pipeline:
    // in full when it is small enough), not its thumbnail.
    let previewLongSide = max(
      layout.preview.width * cell.width, layout.preview.height * cell.height)
    let previews = try RealTerminalGalleryTests.photos.map { name in
      let picture = try ImagePipeline.decodeForScreen(
        library.appendingPathComponent(name).path, longSide: previewLongSide
      ).image
      return expected(name, picture, in: layout.preview, cell: cell)
    }
    func previewMatch(_ shot: PixelImage) -> Double {
      previews.map { score($0, in: shot) }.max() ?? 0
    }
    let full = try server.screenshot(root, name: "preview") { previewMatch($0) >= minimum }
    let previewScore = previewMatch(full)
    #expect(previewScore >= minimum, "preview: \(previewScore) dB")

    // q closes the preview, q quits: nothing of the pictures stays, no reply is left over.
    relay.type("q")
    Thread.sleep(forTimeInterval: 0.5)
    relay.type("q")
    #expect(gallery.waitForExit() == 0)
    let repliedBeforeExit = relay.replies.count
    let pictures =
      previews
      + thumbnails.enumerated().map({ slot, thumbnail in
        expected(
          thumbnail.0, thumbnail.1, in: layout.imageBox(in: layout.tile(slot)), cell: cell)
      })
    func isCleared(_ picture: Expected, in shot: PixelImage) -> Bool {
      litPixels(of: picture, in: shot) <= picture.image.width * picture.image.height / 100
    }
    // Until the terminal has cleared every picture, at most 20 s.
    let after = try server.screenshot(root, name: "after") { shot in
      pictures.allSatisfy { isCleared($0, in: shot) }
    }
    for picture in pictures {
      let lit = litPixels(of: picture, in: after)
      #expect(isCleared(picture, in: after), "\(lit) pixels lit")
    }
    // Nothing may arrive after the exit: a negative check needs a window to watch (1 s).
    Thread.sleep(forTimeInterval: 1)
    #expect(relay.replies.count == repliedBeforeExit, "replies after the exit")
    #expect(relay.unread().isEmpty, "reply bytes left unread on the terminal")
    // kitty reads the pictures from files it deletes; none is left behind by this gallery.
    let leftovers = ["/dev/shm", "/tmp"].flatMap { directory in
      ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
        $0.hasPrefix("photogate-tty-graphics-protocol-\(gallery.processIdentifier)-")
      }
    }
    #expect(leftovers.isEmpty, "pixel files left: \(leftovers)")
  }

  /// The exact downscale of `thumbnail` centred in `box`, and where it starts in pixels.
  static func expected(_ name: String, _ thumbnail: PixelImage, in box: Rect, cell: CellSize)
    -> Expected
  {
    let fit = PixelLayout(
      imageWidth: thumbnail.width, imageHeight: thumbnail.height, columns: box.width,
      rows: box.height, cell: cell)
    let image = ImageRenderer().pixels(
      thumbnail, width: fit.pixelWidth, height: fit.pixelHeight, cell: cell)
    let x = box.x + max(0, (box.width - fit.columns) / 2)
    let y = box.y + max(0, (box.height - fit.rows) / 2)
    return Expected(name: name, image: image, x: x * cell.width, y: y * cell.height)
  }

  /// The PSNR of the picture on the screen near where it should be (a terminal may keep a
  /// border of a few pixels around its cells).
  static func score(_ picture: Expected, in shot: PixelImage) -> Double {
    RealTerminal.bestMatch(of: picture.image, in: shot, near: (picture.x, picture.y), radius: 6)
      .0
  }

  /// Pixels brighter than the black background where `picture` was (a border's offset
  /// included).
  static func litPixels(of picture: Expected, in shot: PixelImage) -> Int {
    var lit = 0
    for y in picture.y..<min(shot.height, picture.y + picture.image.height + 6) {
      for x in picture.x..<min(shot.width, picture.x + picture.image.width + 6) {
        let i = (y * shot.width + x) * 4
        if max(shot.pixels[i], shot.pixels[i + 1], shot.pixels[i + 2]) > 48 { lit += 1 }
      }
    }
    return lit
  }

  static func occurrences(_ marker: String, in bytes: [UInt8]) -> Int {
    let needle = Array(marker.utf8)
    guard bytes.count >= needle.count else { return 0 }
    var count = 0
    var i = 0
    while i <= bytes.count - needle.count {
      if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle {
        count += 1
        i += needle.count
      } else {
        i += 1
      }
    }
    return count
  }
}
