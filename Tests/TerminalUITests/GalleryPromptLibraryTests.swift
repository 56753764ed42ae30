import Foundation
import PhotoLibrary
import PickerCore
import Testing

@testable import TerminalUI

/// The iOS 17+ prompt shows the library's real count and sample photos, also when the prompt
/// went up before the library's first scan had found them.
@Suite struct GalleryPromptLibraryTests {
  static func asset(_ id: String, minutesAgo: Double, hidden: Bool = false) -> Asset {
    Asset(
      id: id, url: URL(fileURLWithPath: "/memory/\(id)"),
      creationDate: Date(timeIntervalSinceReferenceDate: 700_000_000 - minutesAgo * 60),
      pixelWidth: 4, pixelHeight: 3, album: nil, isHidden: hidden)
  }

  @Test func aPromptShownBeforeTheScanFoundThePhotosShowsThemOnceFound() throws {
    let backend = MemoryLibraryBackend(ids: [])
    let app = try GalleryHarness.launch(backend: backend, store: MemoryAuthorizationStore())
    guard case .systemPrompt(let before) = app.model.picker.overlay else {
      Issue.record("no prompt: \(String(describing: app.model.picker.overlay))")
      return
    }
    #expect(before.photoCountText == "0 Photos")
    #expect(before.sampleAssetIDs.isEmpty)

    // The scan finds seven photos, the newest of them hidden.
    backend.add(
      [Self.asset("secret.jpg", minutesAgo: 0, hidden: true)]
        + (1...6).map { Self.asset("photo-\($0).jpg", minutesAgo: Double($0)) })
    app.handle(.libraryChanged)

    guard case .systemPrompt(let after) = app.model.picker.overlay else {
      Issue.record("the prompt went away")
      return
    }
    #expect(after.photoCountText == "6 Photos")
    #expect(after.sampleAssetIDs == (1...5).map { "photo-\($0).jpg" })
    #expect(after.buttons == before.buttons)
    #expect(GalleryView.render(app.model).contains("6 Photos"))
  }

  @Test func hiddenPhotosAreNeitherCountedNorSampled() {
    let library = PromptLibrary(
      [Self.asset("a.jpg", minutesAgo: 0, hidden: true), Self.asset("b.jpg", minutesAgo: 1)])
    #expect(library == PromptLibrary(count: 1, sampleAssetIDs: ["b.jpg"]))
  }
}
