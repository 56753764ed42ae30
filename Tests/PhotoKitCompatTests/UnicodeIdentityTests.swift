import Foundation
import PhotoKitCompat
import TestSupport
import Testing

extension PhotoKitCompatTests {
  /// Two files whose names differ only in Unicode normalisation are two assets: an app given
  /// one of them under limited access fetches that one alone.
  @Suite struct UnicodeIdentity {
    @Test func aLimitedSelectionOfOneSpellingFetchesOnlyThatFile() throws {
      let library = try TestPaths.makeTemporaryDirectory("photokit-unicode")
      defer { try? FileManager.default.removeItem(at: library) }
      let composed = "caf\u{E9}.jpg"
      let decomposed = "cafe\u{301}.jpg"
      let source = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg").path
      for name in [composed, decomposed] {
        try FileManager.default.copyItem(atPath: source, toPath: library.path + "/" + name)
      }
      try #require(try FileManager.default.contentsOfDirectory(atPath: library.path).count == 2)
      try PhotoKitDevice.install(readWrite: .limited, selection: [composed], library: library)
      defer { PhotoKitDevice.uninstall() }
      let fetched = PHAsset.fetchAssets(with: nil)
      #expect(fetched.count == 1)
      #expect(fetched.firstObject.map { Array($0.localIdentifier.utf8) } == Array(composed.utf8))
    }
  }
}
