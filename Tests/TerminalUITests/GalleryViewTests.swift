import ImageDecoding
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

@Suite struct GalleryViewTests {
  struct SizeCase: Sendable, CustomStringConvertible {
    var size: TerminalSize
    var columns: Int
    var rows: Int
    var tileWidth: Int
    var imageRows: Int
    var description: String { "\(size.columns)x\(size.rows)" }
  }

  static let sizes = [
    SizeCase(
      size: TerminalSize(columns: 120, rows: 40), columns: 5, rows: 3, tileWidth: 24, imageRows: 8),
    SizeCase(
      size: TerminalSize(columns: 80, rows: 24), columns: 3, rows: 2, tileWidth: 26, imageRows: 7),
  ]

  @Test(arguments: sizes)
  func layoutFitsTilesToTheTerminal(_ sizeCase: SizeCase) {
    let layout = GalleryLayout(size: sizeCase.size)
    #expect(layout.columns == sizeCase.columns)
    #expect(layout.rows == sizeCase.rows)
    #expect(layout.tileWidth == sizeCase.tileWidth)
    #expect(layout.imageRows == sizeCase.imageRows)
    let last = layout.tile(layout.columns * layout.rows - 1)
    #expect(last.maxX <= sizeCase.size.columns)
    #expect(last.maxY <= layout.noticeRow)
  }

  @Test(arguments: sizes)
  func theGridShowsOneNamedTilePerVisiblePhotoWithTheFocusFramed(_ sizeCase: SizeCase) throws {
    let harness = try GalleryHarness.authorized(size: sizeCase.size)
    let screen = harness.screen
    #expect(screen.width == sizeCase.size.columns && screen.height == sizeCase.size.rows)
    let layout = GalleryLayout(size: sizeCase.size)
    let visible = sizeCase.columns * sizeCase.rows
    for (slot, id) in GalleryHarness.ids.prefix(visible).enumerated() {
      let tile = layout.tile(slot)
      let name = screen.text(row: layout.nameRow(in: tile))
      let start = name.index(name.startIndex, offsetBy: tile.x + 1)
      #expect(name[start...].hasPrefix(String(id.prefix(tile.width - 3))), "slot \(slot)")
    }
    if visible < GalleryHarness.ids.count {
      #expect(!screen.contains(GalleryHarness.ids[visible]))
    }
    let first = layout.tile(0)
    #expect(screen[first.x, first.y].character == "┌")
    #expect(screen[first.maxX - 1, first.maxY - 1].character == "┘")
    #expect(screen[layout.tile(1).x, layout.tile(1).y].character != "┌")
    #expect(screen.text(row: layout.hintRow).contains("? help"))
  }

  struct StatusCase: Sendable, CustomStringConvertible {
    var name: String
    var setup: @Sendable (inout AuthorizationState) -> Void
    var status: String
    var button: String?
    var description: String { name }
  }

  static let statuses = [
    StatusCase(
      name: "authorized", setup: { $0.apply(.grant, to: .photos) },
      status: "Status: authorized   Photos: 12", button: nil),
    StatusCase(
      name: "limited",
      setup: {
        $0.apply(.grant, to: .photosLimited)
        $0.limitedSelection = ["photo-02.jpg", "photo-05.jpg"]
      },
      status: "Status: limited   Photos: 2", button: "[ Manage ]"),
    StatusCase(
      name: "denied", setup: { $0.apply(.revoke, to: .photos) }, status: "Status: denied",
      button: "[ See All Photos ]"),
    StatusCase(
      name: "restricted", setup: { $0.isRestricted = true }, status: "Status: restricted",
      button: nil),
    StatusCase(
      name: "notDetermined", setup: { _ in }, status: "(the system prompt is up)", button: nil),
  ]

  @Test(arguments: statuses)
  func theStatusBarShowsThePickerInfoTextAndButtons(_ statusCase: StatusCase) throws {
    let harness = try GalleryHarness(setup: statusCase.setup)
    if case .limitedAccessAlert = harness.model.picker.overlay {
      harness.press(.enter)  // the automatic alert's first button: Select More… → picker
      harness.press(.escape)  // Cancel keeps the selection
    }
    let status = harness.screen.text(row: 1)
    #expect(status.hasPrefix(" " + statusCase.status))
    if let button = statusCase.button {
      #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix(button))
    } else {
      #expect(!status.contains("[ "))
    }
  }

  @Test func aDialogDrawsTheOverlayCentredWithTheFocusedButtonReversed() throws {
    let harness = try GalleryHarness()
    harness.press(.right)
    let screen = harness.screen
    let text = try #require(harness.model.picker.overlay?.title)
    let title = try #require(screen.find(text))
    #expect(abs((title.x + text.count / 2) - screen.width / 2) <= 1)
    let focused = try #require(screen.find("[ Allow Full Access ]"))
    let other = try #require(screen.find("[ Don’t Allow ]"))
    #expect(screen[focused.x + 2, focused.y].style.attributes.contains(.reverse))
    #expect(!screen[other.x + 2, other.y].style.attributes.contains(.reverse))
    #expect(screen[title.x, title.y - 1].character == "─")
  }

  @Test func theSettingsDialogListsTheRowsOptionsWithTheValueChecked() throws {
    let harness = try GalleryHarness.authorized()
    harness.press(.character("s"), .enter)
    let screen = harness.screen
    // The path the Settings app shows the row under on iOS 18 and later.
    #expect(screen.contains("Settings › Apps › picker › Photos"))
    // iOS 17 and later list None first; the focus starts on the first option.
    #expect(screen.contains("› None"))
    #expect(screen.contains("  Limited Access"))
    #expect(screen.contains("✓ Full Access"))
  }

  @Test func theHelpOverlayListsTheKeysAndAnyKeyClosesIt() throws {
    let harness = try GalleryHarness.authorized()
    harness.press(.character("?"))
    #expect(harness.screen.contains("Keys"))
    #expect(harness.screen.contains("permission menu"))
    harness.press(.character("x"))
    #expect(!harness.screen.contains("permission menu"))
  }

  @Test func aTileShowsAPlaceholderUntilItsThumbnailArrives() throws {
    let harness = try GalleryHarness.authorized()
    let layout = harness.model.layout
    let box = layout.imageBox(in: layout.tile(0))
    #expect(harness.screen.contains("loading…"))
    #expect(harness.screen[box.x, box.y].character == "·")
    harness.app.handle(
      .thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((255, 0, 0))))
    let screen = harness.screen
    let middle = screen[box.x + box.width / 2, box.y + box.height / 2]
    #expect(
      middle.style.background == .rgb(255, 0, 0) || middle.style.foreground == .rgb(255, 0, 0))
    harness.app.handle(.thumbnailFailed(id: "photo-02.jpg", reason: "not a JPEG file"))
    #expect(harness.screen.contains("(unreadable)"))
    // The tile says why.
    #expect(harness.screen.contains("not a JPEG file"))
  }

  @Test func thePreviewDrawsTheFocusedPhotoFullScreen() throws {
    let harness = try GalleryHarness.authorized()
    harness.app.handle(
      .thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((0, 0, 255))))
    harness.press(.enter)
    let screen = harness.screen
    #expect(screen.text(row: 0).contains("photo-01.jpg · 4×3 · 1/12"))
    let centre = screen[screen.width / 2, screen.height / 2]
    #expect(
      centre.style.background == .rgb(0, 0, 255) || centre.style.foreground == .rgb(0, 0, 255))
    #expect(!screen.contains("photo-02.jpg"))
  }

  @Test func theLimitedPickerShowsCheckBoxesAndItsCount() throws {
    let harness = try GalleryHarness(setup: {
      $0.apply(.grant, to: .photosLimited)
      $0.limitedSelection = ["photo-01.jpg"]
    })
    harness.press(.enter)  // automatic alert: Select More Photos…
    let screen = harness.screen
    #expect(screen.text(row: 0).contains("1 of 12 Selected"))
    #expect(screen.contains("[x] photo-01.jpg"))
    #expect(screen.contains("[ ] photo-02.jpg"))
  }
}

@Suite struct GallerySmallTerminalTests {
  static let sizes = [
    TerminalSize(columns: 1, rows: 1), TerminalSize(columns: 10, rows: 5),
    TerminalSize(columns: 30, rows: 8), TerminalSize(columns: 300, rows: 100),
  ]

  /// Key sequences that put each panel and overlay up.
  static let screens: [[Key]] = [
    [], [.character("?")], [.character("s")], [.character("s"), .enter], [.enter],
    [.character("s"), .enter, .enter], [.character("s"), .enter, .enter, .enter, .enter],
  ]

  @Test(arguments: sizes)
  func everyScreenDrawsWithinAnySizeWithoutTrapping(_ size: TerminalSize) throws {
    for keys in Self.screens {
      let harness = try GalleryHarness.authorized(size: size)
      harness.app.handle(
        .thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((1, 2, 3))))
      harness.press(keys)
      let screen = harness.screen
      #expect(screen.width == size.columns && screen.height == size.rows, "\(keys)")
    }
  }
}

@Suite struct GalleryPromptSampleTests {
  @Test func theIOS17PromptShowsItsSamplePhotosOnceTheyArrive() throws {
    let harness = try GalleryHarness()
    #expect(harness.requested.ids == Array(GalleryHarness.ids.prefix(5)))
    let before = harness.screen
    harness.app.handle(
      .thumbnailLoaded(id: "photo-01.jpg", image: GalleryHarness.image((0, 200, 0))))
    let after = harness.screen
    let green = (0..<after.height).flatMap { y in (0..<after.width).map { after[$0, y] } }
      .filter { $0.style.background == .rgb(0, 200, 0) || $0.style.foreground == .rgb(0, 200, 0) }
    #expect(green.count >= 10)
    #expect(before.text.contains("Allow Full Access") && after.text.contains("Allow Full Access"))
  }

  @Test func theIOS13PromptHasNoSamples() throws {
    let harness = try GalleryHarness(ios: .iOS13)
    #expect(harness.requested.ids.isEmpty)
    #expect(harness.screen.contains("[ OK ]"))
  }
}
