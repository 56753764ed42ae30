import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// A Live Photo's still and movie are one asset; broken movies are reported, the still stays.
@Suite struct LivePhotoPairingTests {
  static let still = MediaDetectionTests.media.appendingPathComponent("IMG_0001.JPG")
  static let plain = MediaDetectionTests.media.appendingPathComponent("plain.jpg")
  /// Carries the still's content identifier.
  static let liveMovie = MediaDetectionTests.video.appendingPathComponent(
    "iphone15pro-hevc-live-photo.mov")
  /// Carries another content identifier.
  static let otherMovie = MediaDetectionTests.video.appendingPathComponent(
    "hevc-main10-apple-keys.mov")
  /// Without any identifier.
  static let plainMovie = MediaDetectionTests.video.appendingPathComponent("h264-plain.mp4")
  /// A Photos edit sidecar (XML).
  static let aae = MediaDetectionTests.media.appendingPathComponent("IMG_0001.AAE")
  /// A real iOS 18 iPhone 15 Pro HEIC still, whose MakerNote carries the movie's identifier.
  static let heicStill = TestPaths.packageRoot.appendingPathComponent(
    "Tests/ImageDecodingTests/Fixtures/good/iphone-15pro-ios18-live-photo.heic")
  static let textMovie = MediaDetectionTests.video.appendingPathComponent("broken-text-named.MOV")
  static let cutMovie = MediaDetectionTests.video.appendingPathComponent(
    "broken-live-photo-cut-in-moov.mov")

  struct Case: Sendable, CustomStringConvertible {
    var description: String
    var files: [String: URL]
    /// still id → movie id, for every Live Photo expected.
    var live: [String: String]
    /// Ids listed as assets.
    var assets: Set<String>
    /// Paths the scan reports a problem for.
    var problems: Set<String> = []
  }

  static let cases: [Case] = [
    Case(
      description: "same folder and base name, identifiers equal",
      files: ["DCIM/IMG_0001.JPG": still, "DCIM/IMG_0001.MOV": liveMovie],
      live: ["DCIM/IMG_0001.JPG": "DCIM/IMG_0001.MOV"], assets: ["DCIM/IMG_0001.JPG"]),
    Case(
      description: "by content identifier across folders and names",
      files: ["DCIM/IMG_0001.JPG": still, "Export/clip.mov": liveMovie],
      live: ["DCIM/IMG_0001.JPG": "Export/clip.mov"], assets: ["DCIM/IMG_0001.JPG"]),
    Case(
      description: "same base name, no identifier in either (case differs)",
      files: ["IMG_0002.jpg": plain, "IMG_0002.MOV": plainMovie],
      live: ["IMG_0002.jpg": "IMG_0002.MOV"], assets: ["IMG_0002.jpg"]),
    Case(
      description: "same base name but contradicting identifiers: two assets",
      files: ["IMG_0001.JPG": still, "IMG_0001.MOV": otherMovie],
      live: [:], assets: ["IMG_0001.JPG", "IMG_0001.MOV"]),
    Case(
      description: "different base names, no identifiers: two assets",
      files: ["IMG_0003.JPG": plain, "IMG_0004.MOV": plainMovie],
      live: [:], assets: ["IMG_0003.JPG", "IMG_0004.MOV"]),
    Case(
      description: "a .MOV that is not a movie: reported, the still stays",
      files: ["IMG_0005.JPG": plain, "IMG_0005.MOV": textMovie],
      live: [:], assets: ["IMG_0005.JPG"], problems: ["IMG_0005.MOV"]),
    Case(
      description: "a broken movie: reported, the still stays",
      files: ["IMG_0006.JPG": plain, "IMG_0006.MOV": cutMovie],
      live: [:], assets: ["IMG_0006.JPG", "IMG_0006.MOV"], problems: ["IMG_0006.MOV"]),
    Case(
      description: ".AAE sidecars are no assets",
      files: ["IMG_0001.JPG": still, "IMG_0001.MOV": liveMovie, "IMG_0001.AAE": aae],
      live: ["IMG_0001.JPG": "IMG_0001.MOV"], assets: ["IMG_0001.JPG"]),
    Case(
      description: "a real iPhone HEIC and its movie, named apart, joined by identifier",
      files: ["DCIM/IMG_4242.HEIC": heicStill, "Exports/motion.mov": liveMovie],
      live: ["DCIM/IMG_4242.HEIC": "Exports/motion.mov"], assets: ["DCIM/IMG_4242.HEIC"]),
  ]

  @Test(arguments: cases)
  func stillsAndMoviesPairAsPhotosDoes(_ test: Case) throws {
    let (tree, scan) = try MediaDetectionTests.library(test.files)
    defer { tree.remove() }
    #expect(Set(scan.assets.map(\.id)) == test.assets)
    for asset in scan.assets {
      if let movie = test.live[asset.id] {
        #expect(asset.mediaType == .image)
        #expect(asset.mediaSubtypes.contains(.photoLive))
        #expect(asset.duration == 0)
        #expect(asset.resources.map(\.kind) == [.photo, .pairedVideo])
        #expect(asset.pairedVideo?.path == movie)
      } else {
        #expect(!asset.mediaSubtypes.contains(.photoLive), "\(asset.id)")
        #expect(asset.resources.count == 1)
      }
    }
    let reported = Set(scan.problems.map(\.path))
    #expect(test.problems.isSubset(of: reported), "\(scan.problems)")
    for path in test.problems {
      let problem = try #require(
        scan.problems.first { $0.path == path && $0.reason.contains("Live Photo") })
      #expect(problem.description.contains(tree.root.appendingPathComponent(path).path))
    }
  }

  @Test func eachStillTakesOneMovieAndEachMovieOneStill() throws {
    let (tree, scan) = try MediaDetectionTests.library([
      "A/IMG_0001.JPG": Self.still, "B/IMG_0001.JPG": Self.still, "A/IMG_0001.MOV": Self.liveMovie,
    ])
    defer { tree.remove() }
    let live = scan.assets.filter { $0.mediaSubtypes.contains(.photoLive) }
    #expect(live.map(\.id) == ["A/IMG_0001.JPG"])
    #expect(scan.assets.count == 2)
  }
}
