// The example of docs/photokit-compat-guide.md, word for word: app code written against
// PhotoKit, and the tests that run it on Linux.

import Foundation
import PhotoKitCompatTesting
import TestSupport
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

/// The guide shows exactly this file's code: each Swift block of its "Example" section is a
/// contiguous run of lines here (indentation aside).
@Test func guideExampleIsThisFile() throws {
  let root = TestPaths.packageRoot
  let guide = try String(
    contentsOf: root.appendingPathComponent("docs/photokit-compat-guide.md"), encoding: .utf8)
  let source = try String(
    contentsOf: root.appendingPathComponent(
      "Tests/PhotoKitCompatTests/GuideExampleTests.swift"), encoding: .utf8)
  func lines(_ text: some StringProtocol) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
      !$0.isEmpty && !$0.hasPrefix("// MARK:")
    }
  }
  let section =
    try #require(guide.components(separatedBy: "## Example\n").last)
    .components(separatedBy: "\n## ").first ?? ""
  let blocks = section.components(separatedBy: "```swift\n").dropFirst().map {
    lines($0.components(separatedBy: "```").first ?? "")
  }
  #expect(blocks.count == 2)
  let sourceLines = lines(source)
  for block in blocks {
    let found = sourceLines.indices.contains { start in
      Array(sourceLines[start...].prefix(block.count)) == block
    }
    #expect(found, "not in GuideExampleTests.swift:\n\(block.joined(separator: "\n"))")
  }
}
