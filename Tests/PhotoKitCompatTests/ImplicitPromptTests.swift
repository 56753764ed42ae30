import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import Testing

extension PhotoKitCompatTests {
  /// The read/write prompt that Photos shows by itself at the first fetch while read/write is
  /// not determined.
  @Suite struct ImplicitPrompt {
    @Test func theFirstFetchWhileNotDeterminedShowsTheReadWritePrompt() throws {
      let device = try PhotoKitCompatTests.install(answers: [.allow])
      _ = PHAsset.fetchAssets(with: nil)
      let events = device.user.events
      #expect(events.count == 1)
      guard case .prompt(let prompt, let answer)? = events.first else {
        Issue.record("no prompt was shown: \(events)")
        return
      }
      #expect(prompt.level == .readWrite)
      #expect(prompt.request == .readWrite)
      #expect(answer == .allow)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .authorized)
      #expect(PHAsset.fetchAssets(with: nil).count == PhotoKitCompatTests.ids.count)
      #expect(device.user.events.count == 1)
    }

    @Test func leftUnansweredTheFetchSeesNothingAndThePromptShowsOncePerLaunch() throws {
      let device = try PhotoKitCompatTests.install(ios: .iOS14)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(device.user.events.count == 1)
      #expect(PHPhotoLibrary.authorizationStatus(for: .readWrite) == .notDetermined)
    }

    @Test func aDecidedStatusFetchesWithoutAPrompt() throws {
      let device = try PhotoKitCompatTests.install(readWrite: .denied)
      #expect(PHAsset.fetchAssets(with: nil).count == 0)
      #expect(device.user.events.isEmpty)
    }
  }
}
