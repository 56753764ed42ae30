import Foundation
import ImageDecoding
import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

@testable import TerminalUI

/// The gallery's screens as text (each row of cells, trailing spaces trimmed), one file per
/// screen under `__Snapshots__/GallerySnapshotTests/`, as PickerCore's screens are pinned.
/// Pictures are drawn from solid-colour thumbnails in monochrome shades so that the text shows
/// where they are.
@Suite struct GallerySnapshotTests {
  static func text(_ harness: GalleryHarness) -> String {
    let screen = harness.screen
    return (0..<screen.height).map { row in
      String(screen.text(row: row).reversed().drop(while: { $0 == " " }).reversed())
    }.joined(separator: "\n")
  }

  static func loadAll(_ harness: GalleryHarness) {
    for (index, id) in GalleryHarness.ids.enumerated() {
      let shade = UInt8(40 + index * 15)
      harness.app.handle(
        .thumbnailLoaded(id: id, image: GalleryHarness.image((shade, shade, shade))))
    }
  }

  static func harness(
    setup: @escaping (inout AuthorizationState) -> Void = { _ in }
  ) throws -> GalleryHarness {
    try GalleryHarness(
      size: TerminalSize(columns: 80, rows: 24),
      previews: HalfBlockPreviews(ImageRenderer(colorMode: .none)), setup: setup)
  }

  @Test func thePromptOnFirstLaunch() throws {
    let harness = try Self.harness()
    Self.loadAll(harness)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "prompt")
  }

  @Test func theGridWithFullAccess() throws {
    let harness = try Self.harness { $0.apply(.grant, to: .photos) }
    Self.loadAll(harness)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "grid")
  }

  @Test func theLimitedGridWithItsAlert() throws {
    let harness = try Self.harness {
      $0.apply(.grant, to: .photosLimited)
      $0.limitedSelection = ["photo-01.jpg", "photo-03.jpg"]
    }
    Self.loadAll(harness)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "limited-alert")
    harness.press(.escape)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "limited-grid")
  }

  @Test func theSettingsPageAndThePermissionMenu() throws {
    let harness = try Self.harness { $0.apply(.grant, to: .photos) }
    Self.loadAll(harness)
    harness.press(.character("s"))
    assertSnapshot(of: Self.text(harness), as: .lines, named: "menu")
    harness.press(.enter)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "settings")
  }

  @Test func thePreviewAndTheAlbumSwitcher() throws {
    let harness = try Self.harness { $0.apply(.grant, to: .photos) }
    Self.loadAll(harness)
    harness.press(.enter)
    assertSnapshot(of: Self.text(harness), as: .lines, named: "preview")
    harness.press(.escape, .character("a"))
    assertSnapshot(of: Self.text(harness), as: .lines, named: "albums")
  }
}
