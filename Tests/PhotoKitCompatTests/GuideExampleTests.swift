// The example of docs/photokit-compat-guide.md, word for word: app code written against
// PhotoKit, and the tests that run it on Linux.

import Foundation
import Testing

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

// MARK: App code (unchanged from the iOS app)

/// How many photos the picker can show, asking for access first; nil without access.
func visiblePhotoCount() async -> Int? {
  let status = await PHPhotoLibrary.requestAuthorization(for: .readWrite)
  guard status == .authorized || status == .limited else { return nil }
  let options = PHFetchOptions()
  options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
  return PHAsset.fetchAssets(with: options).count
}

// MARK: Tests

extension PhotoKitCompatTests {
  @Suite struct GuideExample {
    @Test func aUserWhoSharesTwoPhotos() async throws {
      let device = try PhotoKitDevice.install(
        ios: .iOS17, assets: ["a.jpg", "b.jpg", "c.jpg"],
        answers: [.limited], picks: [.done(adding: ["a.jpg", "c.jpg"])])
      #expect(await visiblePhotoCount() == 2)
      #expect(device.user.prompts.map(\.title) == [
        "“app” would like full access to your Photo Library."
      ])
    }

    @Test func aUserWhoSaysNo() async throws {
      try PhotoKitDevice.install(assets: ["a.jpg"], answers: [.deny])
      #expect(await visiblePhotoCount() == nil)
    }

    @Test func anAppThatForgotItsUsageDescription() async throws {
      let terminations = Recorder<PhotoKitDevice.Termination>()
      try PhotoKitDevice.install(
        infoPlist: [:], assets: ["a.jpg"], onTermination: { terminations.append($0) })
      #expect(await visiblePhotoCount() == nil)
      #expect(terminations.all == [.missingUsageDescription(key: "NSPhotoLibraryUsageDescription")])
    }
  }
}
