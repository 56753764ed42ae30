import Foundation
import ImageDecoding
import Testing

@testable import TerminalUI

@Suite struct GraphicsScreenTests {
  static func placement(_ id: String, x: Int, shade: UInt8, _ graphics: GraphicsProtocol = .kitty)
    -> GraphicPlacement
  {
    let image = PixelImage(
      width: 4, height: 4,
      pixels: [UInt8](repeating: shade, count: 64).enumerated().map {
        $0.offset % 4 == 3 ? 255 : $0.element
      })
    return GraphicPlacement(
      id: id, x: x, y: 2,
      graphic: GraphicPreview(graphics: graphics, columns: 2, rows: 1, image: image))
  }

  static func frame(_ screen: GraphicsScreen, _ placements: [GraphicPlacement]) -> String {
    String(
      decoding: screen.removals(toShow: placements) + screen.additions(placements), as: UTF8.self)
  }

  /// A screen whose pictures are encoded on its workers and posted to the queue returned.
  static func encodingInBackground(_ graphics: GraphicsProtocol) -> (GraphicsScreen, EventQueue) {
    let screen = GraphicsScreen(graphics: graphics)
    let queue = EventQueue()
    screen.encodeInBackground { queue.post(.graphicEncoded($0)) }
    return (screen, queue)
  }

  /// A new empty folder for pixel files (the caller removes it).
  static func pixelFileDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-pixel-files-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  static func count(_ text: String, _ part: String) -> Int {
    text.components(separatedBy: part).count - 1
  }

  @Test func kittyTransmitsOncePlacesByIDAndDeletesWhatLeaves() {
    let screen = GraphicsScreen(graphics: .kitty)
    let a = Self.placement("a", x: 0, shade: 10)
    let b = Self.placement("b", x: 3, shade: 200)
    let first = Self.frame(screen, [a, b])
    #expect(Self.count(first, "a=t,f=24,s=4,v=4") == 2)
    #expect(first.contains("\u{1B}[3;1H\u{1B}_Ga=p,i=1,p=1,C=1,q=2"))
    #expect(first.contains("\u{1B}[3;4H\u{1B}_Ga=p,i=2,p=1,C=1,q=2"))
    #expect(first.hasPrefix("\u{1B}7") && first.hasSuffix("\u{1B}8"))
    // Unchanged: nothing to send.
    #expect(Self.frame(screen, [a, b]).isEmpty)
    // b scrolls away, then back: deleted, then placed again without sending it again.
    let gone = Self.frame(screen, [a])
    #expect(gone == "\u{1B}7\u{1B}_Ga=d,d=i,i=2,p=1,q=2\u{1B}\\\u{1B}8")
    let back = Self.frame(screen, [a, b])
    #expect(!back.contains("a=t"))
    #expect(back.contains("a=p,i=2,p=1"))
    #expect(String(decoding: screen.cleanup, as: UTF8.self).contains("a=d,d=I,i=2,q=2"))
  }

  @Test func kittyTransmitsArrivingPicturesBeforeTheCellsAndPlacesThemAfter() {
    let screen = GraphicsScreen(graphics: .kitty)
    let a = Self.placement("a", x: 0, shade: 10)
    let before = String(decoding: screen.removals(toShow: [a]), as: UTF8.self)
    let after = String(decoding: screen.additions([a]), as: UTF8.self)
    #expect(before.contains("a=t,f=24,s=4,v=4,t=d,i=1,") && !before.contains("a=p"))
    #expect(after.contains("a=p,i=1,p=1") && !after.contains("a=t"))
  }

  @Test func kittyFreesTheLeastRecentlyShownPastTheLimitAndReusesItsID() {
    let screen = GraphicsScreen(graphics: .kitty)
    screen.transmittedLimit = 1
    _ = Self.frame(screen, [Self.placement("a", x: 0, shade: 10)])
    let next = Self.frame(screen, [Self.placement("b", x: 0, shade: 20)])
    #expect(next.contains("a=d,d=I,i=1,q=2"))
    let third = Self.frame(screen, [Self.placement("c", x: 0, shade: 30)])
    // b took id 2; a's id 1 was freed and is reused for c.
    #expect(third.contains("a=t,f=24,s=4,v=4,t=d,i=1,"))
  }

  @Test func kittyPicturesGoThroughPixelFilesWhenTheTerminalReadsThem() throws {
    let directory = try Self.pixelFileDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try #require(KittyPixelFiles(directory: directory))
    let screen = GraphicsScreen(graphics: .kitty)
    screen.kittyFiles = files
    let a = Self.placement("a", x: 0, shade: 10)
    let text = Self.frame(screen, [a])
    let names = try FileManager.default.contentsOfDirectory(atPath: directory)
    #expect(names.count == 1)
    let name = try #require(names.first)
    #expect(name.contains("tty-graphics-protocol"))
    let path = directory + "/" + name
    // Only the path goes through the terminal; the file holds the RGB pixels, private.
    let encoded = Data(path.utf8).base64EncodedString()
    #expect(text.contains("\u{1B}_Ga=t,f=24,s=4,v=4,t=t,i=1,q=2;\(encoded)\u{1B}\\"))
    #expect(text.contains("a=p,i=1,p=1"))
    #expect(
      FileManager.default.contents(atPath: path) == Data(try #require(a.graphic.screenEncoded())))
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect((permissions as? NSNumber)?.intValue == 0o600)
    // What the terminal has not read goes when the gallery does.
    files.removeAll()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test func pixelFilesTheTerminalLeavesAreDeletedAfterTheirLifetime() throws {
    let directory = try Self.pixelFileDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let files = try #require(KittyPixelFiles(directory: directory))
    let first = try #require(files.write([1, 2, 3]))
    let second = try #require(files.write([4, 5, 6]))
    // Within their lifetime both wait for the terminal.
    #expect(FileManager.default.fileExists(atPath: first))
    files.lifetime = .zero
    let third = try #require(files.write([7, 8, 9]))
    #expect(!FileManager.default.fileExists(atPath: first))
    #expect(!FileManager.default.fileExists(atPath: second))
    #expect(FileManager.default.contents(atPath: third) == Data([7, 8, 9]))
    files.removeAll()
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
  }

  @Test func pixelFilesNeedAWritableDirectory() {
    #expect(KittyPixelFiles(directory: "/nonexistent-photogate-directory") == nil)
    #expect(KittyPixelFiles()?.directory == "/dev/shm" || KittyPixelFiles()?.directory == "/tmp")
  }

  @Test func sixelErasesThePlacementThatLeavesBeforeTheFrame() {
    let screen = GraphicsScreen(graphics: .sixel)
    let a = Self.placement("a", x: 5, shade: 10, .sixel)
    let first = Self.frame(screen, [a])
    #expect(first.contains("\u{1B}[3;6H\u{1B}P0;1;0q\"1;1;4;4"))
    let removal = String(decoding: screen.removals(toShow: []), as: UTF8.self)
    #expect(removal == "\u{1B}7\u{1B}[m\u{1B}[3;6H\u{1B}[2X\u{1B}8")
    #expect(screen.additions([]).isEmpty)
  }

  @Test(arguments: GraphicsProtocol.allCases)
  func backgroundEncodingLeavesThePictureOutUntilItArrivesAndEncodesItOnce(
    graphics: GraphicsProtocol
  ) throws {
    let (screen, queue) = Self.encodingInBackground(graphics)
    let a = Self.placement("a", x: 0, shade: 10, graphics)
    // Asked for, not drawn: the frame's cells get the placeholder instead.
    #expect(Self.frame(screen, [a]).isEmpty)
    #expect(!screen.isSettled)
    // Frames drawn before it arrives do not ask again.
    #expect(Self.frame(screen, [a]).isEmpty)
    var arrived: [GraphicEncoding] = []
    let deadline = Date().addingTimeInterval(10)
    while arrived.isEmpty, Date() < deadline {
      for case .graphicEncoded(let encoding) in queue.takeAll(until: deadline) {
        arrived.append(encoding)
      }
    }
    Thread.sleep(forTimeInterval: 0.3)
    for case .graphicEncoded(let encoding) in queue.takeAll(until: Date()) {
      arrived.append(encoding)
    }
    #expect(arrived.count == 1)
    let encoding = try #require(arrived.first)
    #expect(encoding.bytes == a.graphic.screenEncoded())
    screen.deliver(encoding)
    #expect(screen.isSettled)
    let drawn = Self.frame(screen, [a])
    let marker =
      switch graphics {
      case .kitty: "a=p,i=1"
      case .sixel: "\u{1B}P0;1;0q"
      case .iterm: "\u{1B}]1337;File="
      }
    #expect(drawn.contains(marker))
    #expect(Self.frame(screen, [a]).isEmpty)
  }

  /// Waits for the background encodings of `count` pictures posted to `queue`.
  static func encodings(_ queue: EventQueue, count: Int) -> [GraphicEncoding] {
    var arrived: [GraphicEncoding] = []
    let deadline = Date().addingTimeInterval(20)
    while arrived.count < count, Date() < deadline {
      for case .graphicEncoded(let encoding) in queue.takeAll(until: deadline) {
        arrived.append(encoding)
      }
    }
    return arrived
  }

  @Test(arguments: [GraphicsProtocol.kitty, .sixel])
  func picturesBeingEncodedShowTheirHalfBlocksUntilThePictureReplacesThem(
    graphics: GraphicsProtocol
  ) throws {
    let (screen, queue) = Self.encodingInBackground(graphics)
    let a = Self.placement("a", x: 1, shade: 10, graphics)
    let b = Self.placement("b", x: 5, shade: 200, graphics)
    let blank = CellBuffer(width: 10, height: 4)
    // The first frame asks for both pictures and sends none; their boxes stay blank for
    // the placeholder delay, and the frame drawn then gives them half blocks.
    let start = Date()
    var cells = blank
    screen.drawPlaceholders([a, b], into: &cells, now: start)
    #expect(Self.frame(screen, [a, b]).isEmpty)
    #expect(cells == blank)
    #expect(screen.placeholdersDue == start.addingTimeInterval(screen.placeholderDelay))
    screen.drawPlaceholders([a, b], into: &cells, now: start.addingTimeInterval(0.05))
    #expect(cells == blank)
    screen.drawPlaceholders(
      [a, b], into: &cells, now: start.addingTimeInterval(screen.placeholderDelay))
    #expect(screen.placeholdersDue == nil)
    for placement in [a, b] {
      let placeholder = placement.graphic.placeholder()
      #expect(placeholder[0, 0] != .blank)
      for y in 0..<placement.graphic.rows {
        for x in 0..<placement.graphic.columns {
          #expect(cells[placement.x + x, placement.y + y] == placeholder[x, y])
        }
      }
    }
    var outside = cells
    outside.blit(CellBuffer(width: 2, height: 1), x: 1, y: 2)
    outside.blit(CellBuffer(width: 2, height: 1), x: 5, y: 2)
    #expect(outside == blank)
    // Only a arrives: its cells are blank again and its picture is drawn; b keeps waiting.
    let arrived = Self.encodings(queue, count: 2)
    try #require(arrived.count == 2)
    screen.deliver(try #require(arrived.first { $0.id == "a" }))
    cells = blank
    screen.drawPlaceholders([a, b], into: &cells, now: start.addingTimeInterval(1))
    let drawn = Self.frame(screen, [a, b])
    #expect(drawn.contains(graphics == .kitty ? "a=p,i=1" : "\u{1B}P0;1;0q"))
    #expect(Self.count(drawn, graphics == .kitty ? "a=p," : "\u{1B}P0;1;0q") == 1)
    #expect(cells[1, 2] == .blank && cells[2, 2] == .blank)
    #expect(cells[5, 2] == b.graphic.placeholder()[0, 0])
    #expect(!screen.isSettled)
    // Then b: no half block is left, and scrolling both away removes both pictures.
    screen.deliver(try #require(arrived.first { $0.id == "b" }))
    cells = blank
    screen.drawPlaceholders([a, b], into: &cells, now: start.addingTimeInterval(1))
    #expect(Self.frame(screen, [a, b]).contains(graphics == .kitty ? "a=p,i=2" : "\u{1B}P0;1;0q"))
    #expect(cells == blank)
    #expect(screen.isSettled)
    let gone = String(decoding: screen.removals(toShow: []), as: UTF8.self)
    #expect(Self.count(gone, graphics == .kitty ? "a=d,d=i" : "\u{1B}[2X") == 2)
    cells = blank
    screen.drawPlaceholders([], into: &cells, now: start.addingTimeInterval(1))
    #expect(cells == blank)
  }

  @Test func withoutBackgroundEncodingThereIsNoPlaceholder() {
    let screen = GraphicsScreen(graphics: .sixel)
    let a = Self.placement("a", x: 1, shade: 10, .sixel)
    var cells = CellBuffer(width: 10, height: 4)
    screen.drawPlaceholders([a], into: &cells)
    #expect(cells == CellBuffer(width: 10, height: 4))
    #expect(Self.frame(screen, [a]).contains("\u{1B}P0;1;0q"))
  }

  @Test func insideTmuxKittyCommandsGoThroughThePassthrough() {
    let screen = GraphicsScreen(graphics: .kitty, insideTmux: true)
    screen.tmuxPaneOrigin = (x: 40, y: 1)
    let text = Self.frame(screen, [Self.placement("a", x: 0, shade: 10)])
    #expect(text.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=t,f=24,s=4,v=4,t=d,i=1,"))
    // The outer cursor moves inside the passthrough, to the pane's cell in the window.
    #expect(
      text.contains(
        "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[4;41H\u{1B}\u{1B}_Ga=p,i=1,p=1,C=1,q=2\u{1B}\u{1B}\\"
          + "\u{1B}\u{1B}8\u{1B}\\"))
  }
}

@Suite struct GalleryPlacementTests {
  static func harness() throws -> GalleryHarness {
    let harness = try GalleryHarness(
      previews: GraphicsPreviews(.kitty, cell: CellSize(width: 8, height: 16))
    ) { $0.apply(.grant, to: .photos) }
    for id in GalleryHarness.ids {
      harness.app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((200, 90, 30))))
    }
    return harness
  }

  @Test func theGallerysFirstFramesShowHalfBlocksAfterTheDelayUntilEveryPictureIsSent() throws {
    let harness = try Self.harness()
    let (screen, queue) = GraphicsScreenTests.encodingInBackground(.kitty)
    var runner = GalleryRunner()
    runner.graphics = screen
    var renderer = ScreenRenderer(colorMode: harness.model.colorMode)
    let placements = GalleryView.placements(harness.model)
    #expect(placements.count > 1)
    let first = String(decoding: runner.frame(harness.model, renderer: &renderer), as: UTF8.self)
    // Blank boxes at first, then, once the placeholder delay has passed with the pictures
    // still on their way, the tiles' colour drawn as cells; no picture yet.
    #expect(!first.contains("2;200;90;30m"))
    #expect(!first.contains("\u{1B}_G"))
    let due = try #require(screen.placeholdersDue)
    Thread.sleep(until: due.addingTimeInterval(0.01))
    let waiting = String(decoding: runner.frame(harness.model, renderer: &renderer), as: UTF8.self)
    #expect(waiting.contains("2;200;90;30m"))
    #expect(!waiting.contains("\u{1B}_G"))
    #expect(screen.placeholdersDue == nil)
    #expect(!runner.isFirstFullFrame(harness.model))
    for encoding in GraphicsScreenTests.encodings(queue, count: placements.count) {
      screen.deliver(encoding)
    }
    let second = String(decoding: runner.frame(harness.model, renderer: &renderer), as: UTF8.self)
    #expect(GraphicsScreenTests.count(second, "a=p,") == placements.count)
    // The half blocks are overwritten: the cells of the tiles go back to blanks.
    #expect(!second.contains("2;200;90;30m"))
    #expect(runner.isFirstFullFrame(harness.model))
  }

  @Test func visibleTilesArePlacedInsideTheirImageBoxesOverBlankCells() throws {
    let harness = try Self.harness()
    let placements = GalleryView.placements(harness.model)
    let visible = harness.model.picker.grid.visibleRange.map { GalleryHarness.ids[$0] }
    #expect(placements.map(\.id) == visible)
    let layout = harness.model.layout
    for (slot, placement) in placements.enumerated() {
      let box = layout.imageBox(in: layout.tile(slot))
      #expect(placement.x >= box.x && placement.x + placement.graphic.columns <= box.maxX)
      #expect(placement.y >= box.y && placement.y + placement.graphic.rows <= box.maxY)
      #expect(harness.screen[placement.x, placement.y].character == " ")
    }
  }

  @Test func panelsAndDialogsTakeThePicturesOffAndThePreviewShowsOneLargePicture() throws {
    let harness = try Self.harness()
    harness.press(.character("?"))
    #expect(GalleryView.placements(harness.model).isEmpty)
    harness.press(.escape, .enter)
    #expect(harness.model.panel == .preview)
    let preview = GalleryView.placements(harness.model)
    #expect(preview.count == 1)
    #expect(preview.first?.id.hasPrefix("preview:") == true)
    #expect((preview.first?.graphic.rows ?? 0) > harness.model.layout.imageRows)
  }

  @Test func theAlbumSwitcherTakesTheGridsPicturesOff() throws {
    let harness = try Self.harness()
    #expect(!GalleryView.placements(harness.model).isEmpty)
    harness.press(.character("a"))
    #expect(harness.model.picker.albumList != nil)
    #expect(GalleryView.placements(harness.model).isEmpty)
    harness.press(.escape)
    #expect(!GalleryView.placements(harness.model).isEmpty)
  }

  @Test func thePromptsSamplesArePlacedWhereHalfBlocksWouldBeAndLeaveWithTheDialog() throws {
    let cell = CellSize(width: 8, height: 16)
    let pictures = try GalleryHarness(previews: GraphicsPreviews(.kitty, cell: cell))
    let blocks = try GalleryHarness()
    guard case .systemPrompt(let prompt) = pictures.model.picker.overlay else {
      Issue.record("no prompt")
      return
    }
    #expect(!prompt.sampleAssetIDs.isEmpty)
    for harness in [pictures, blocks] {
      for id in prompt.sampleAssetIDs {
        harness.app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((200, 90, 30))))
      }
    }
    let placements = GalleryView.placements(pictures.model)
    #expect(!placements.isEmpty)
    #expect(
      placements.map(\.id) == prompt.sampleAssetIDs.prefix(placements.count).map { "sample:" + $0 })
    #expect(GalleryView.placements(blocks.model).isEmpty)
    let blank = pictures.screen
    let drawn = blocks.screen
    for placement in placements {
      let cells = (placement.y..<(placement.y + placement.graphic.rows)).flatMap { y in
        (placement.x..<(placement.x + placement.graphic.columns)).map { (x: $0, y: y) }
      }
      // The pictures cover blank cells where the half blocks draw the same sample.
      #expect(cells.allSatisfy { blank[$0.x, $0.y].character == " " })
      #expect(cells.allSatisfy { drawn[$0.x, $0.y] != blank[$0.x, $0.y] })
    }
    // Sent once; answering the prompt takes them off the screen.
    let screen = GraphicsScreen(graphics: .kitty)
    let shown = GraphicsScreenTests.frame(screen, placements)
    #expect(GraphicsScreenTests.count(shown, "a=t,f=24,") == placements.count)
    pictures.press(.enter)
    #expect(pictures.model.picker.overlay?.kind != "systemPrompt")
    let after = GalleryView.placements(pictures.model).filter { $0.id.hasPrefix("sample:") }
    #expect(after.isEmpty)
    let gone = GraphicsScreenTests.frame(screen, GalleryView.placements(pictures.model))
    #expect(GraphicsScreenTests.count(gone, "a=d,d=i") == placements.count)
  }

  @Test func theLimitedPickersTilesArePlacedInTheirBoxes() throws {
    let harness = try GalleryHarness(
      previews: GraphicsPreviews(.kitty, cell: CellSize(width: 8, height: 16))
    ) {
      $0.apply(.grant, to: .photosLimited)
      $0.limitedSelection = ["photo-01.jpg"]
    }
    harness.press(.enter)  // automatic alert: Select More Photos…
    guard case .limitedPicker(let sheet) = harness.model.picker.overlay else {
      Issue.record("no limited picker")
      return
    }
    let visible = Array(sheet.all[sheet.window.visibleRange])
    #expect(!visible.isEmpty)
    for id in visible {
      harness.app.handle(.thumbnailLoaded(id: id, image: GalleryHarness.image((20, 90, 200))))
    }
    let placements = GalleryView.placements(harness.model)
    #expect(placements.map(\.id) == visible)
    let layout = harness.model.layout
    for (slot, placement) in placements.enumerated() {
      let box = layout.imageBox(in: layout.tile(slot))
      #expect(placement.x >= box.x && placement.x + placement.graphic.columns <= box.maxX)
      #expect(placement.y >= box.y && placement.y + placement.graphic.rows <= box.maxY)
      #expect(harness.screen[placement.x, placement.y].character == " ")
    }
  }
}
