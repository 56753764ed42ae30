import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

@testable import PhotoKitCompatClients

extension PhotoKitCompatTests {
  /// The Swift 5 client that uses the UIKit stand-ins' behaviour: layout from the view's
  /// width, trait changes, an alert's text field, thumbnails drawn with an image renderer.
  @Suite struct UIKitClientExamples {
    @Test func theGridSizesItsCellsFromTheViewAndTheTraits() {
      let screen = AlbumPromptController()
      screen.view.layoutIfNeeded()
      #expect(screen.cellSide == 131 && screen.layoutPasses == 1)
      screen.setTraitCollection(
        UITraitCollection(traitsFrom: [.current, UITraitCollection(horizontalSizeClass: .regular)]))
      screen.view.layoutIfNeeded()
      #expect(screen.cellSide == 78 && screen.layoutPasses == 2)
      #expect(screen.appearanceChanges == 0)
      screen.setTraitCollection(UITraitCollection(userInterfaceStyle: .dark))
      #expect(screen.appearanceChanges == 1)
    }

    @Test func theNewAlbumAlertCreatesTheTypedName() async throws {
      try PhotoKitCompatTests.install(
        readWrite: .authorized, library: try PhotoKitCompatTests.sampleLibrary())
      let screen = AlbumPromptController()
      let done = Recorder<String?>()
      screen.promptForNewAlbum { done.append($0.map { "\($0)" }) }
      let alert = try #require(screen.presentedViewController as? UIAlertController)
      #expect(alert.textFields?.first?.placeholder == "Title")
      alert.textFields?.first?.text = "Holidays"
      alert.action(titled: "Create")?.tap()
      try await done.wait { !$0.isEmpty }
      #expect(done.all == [nil])
      let albums = PHAssetCollection.fetchAssetCollections(
        withLocalIdentifiers: screen.createdAlbumIDs, options: nil)
      #expect(albums.firstObject?.localizedTitle == "Holidays")
    }

    @Test func thumbnailsAreTheImageDrawnSmaller() throws {
      let screen = AlbumPromptController()
      screen.view.layoutIfNeeded()
      let grace = try #require(
        UIImage(
          contentsOfFile: TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg")
            .path))
      let thumbnail = screen.thumbnail(of: grace)
      #expect(thumbnail.size.height == 131 && thumbnail.scale == 3)
      let cgImage = try #require(thumbnail.cgImage)
      #expect(cgImage.height == 393)
      // The middle of the photo, drawn: opaque, and close to the original's middle colour.
      let original = grace.pixel(x: 256, y: 300)
      let drawn = thumbnail.pixel(x: cgImage.width / 2, y: cgImage.height / 2)
      #expect(drawn.a == 255)
      #expect(abs(Int(drawn.r) - Int(original.r)) < 40)
    }
  }
}
