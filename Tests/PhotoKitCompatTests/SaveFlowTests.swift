import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

@testable import PublishedExamples

extension PhotoKitCompatTests {
  /// The save-flow article's "save as much as possible" usage: album, camera roll, or nothing.
  @Suite struct SaveFlowSaver {
    @Test(arguments: [
      (
        PHAuthorizationStatus.authorized, PHAuthorizationStatus.notDetermined,
        [PhotoKitDevice.Answer](), "readWrite", "MyAlbum"
      ),
      (.notDetermined, .notDetermined, [.allow], "readWrite", "MyAlbum"),
      (.limited, .notDetermined, [], "addOnly", "cameraRoll"),
      (.denied, .authorized, [], "addOnly", "cameraRoll"),
      (.notDetermined, .notDetermined, [.deny, .allow], "addOnly", "cameraRoll"),
      (.denied, .denied, [], "denied", "nothing"),
    ])
    func savesAsMuchAsAllowed(
      readWrite: PHAuthorizationStatus, addOnly: PHAuthorizationStatus,
      answers: [PhotoKitDevice.Answer], verdict: String, destination: String
    ) async throws {
      let library = try PhotoKitCompatTests.sampleLibrary()
      let device = try PhotoKitCompatTests.install(
        readWrite: readWrite, addOnly: addOnly, library: library, answers: answers)
      let saver = PhotoSaver(imageURL: PhotoKitCompatTests.imageToSave)
      let decisions = Recorder<String>()
      let saves = Recorder<(PhotoSaver.Destination, Bool, String?)>()
      saver.onDecision = { decisions.append("\($0)") }
      saver.onSaved = { saves.append(($0, $1, $2.map { "\($0)" })) }
      saver.save()
      try await decisions.wait { !$0.isEmpty }
      #expect(decisions.all == [verdict])
      let saved = try device.session.backend.allAssets().map(\.id).filter {
        $0.hasSuffix("coffee-cup-progressive.jpg")
      }
      if destination == "nothing" {
        #expect(saved.isEmpty)
        return
      }
      try await saves.wait { !$0.isEmpty }
      let (where_, success, error) = try #require(saves.all.first)
      #expect(success, "\(error ?? "")")
      let after = try device.session.backend.allAssets().map(\.id).filter {
        $0.hasSuffix("coffee-cup-progressive.jpg")
      }
      if destination == "cameraRoll" {
        #expect(where_ == .cameraRoll)
        #expect(after == ["coffee-cup-progressive.jpg"])
      } else {
        #expect(where_ == .album("MyAlbum"))
        #expect(after == ["MyAlbum/coffee-cup-progressive.jpg"])
      }
    }
  }
}
