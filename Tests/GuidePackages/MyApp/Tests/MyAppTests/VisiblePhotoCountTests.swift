import PhotoKitCompatTesting
import Testing

@testable import MyAppPhotoCode

#if canImport(Photos)
  import Photos
#else
  import PhotoKitCompat
#endif

/// The tests of docs/photokit-compat-guide.md's example, in a package of their own.
@Suite(.isolatedPhotoKitDevice) struct VisiblePhotoCountTests {
  @Test func aUserWhoSharesTwoPhotos() async throws {
    let device = try PhotoKitDevice.install(
      ios: .iOS17, assets: ["a.jpg", "b.jpg", "c.jpg"],
      answers: [.limited], picks: [.done(adding: ["a.jpg", "c.jpg"])])
    #expect(await visiblePhotoCount() == 2)
    let titles = device.user.prompts.map(\.title)
    #expect(titles == ["“app” would like full access to your Photo Library."])
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
