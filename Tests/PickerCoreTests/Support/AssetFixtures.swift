import Foundation
import PhotoLibrary

/// Assets for reducer tests, with fixed dates and fake paths (nothing is read).
enum AssetFixtures {
  /// `count` assets named IMG_0001.jpg, IMG_0002.jpg, … (newest first, as the library sorts).
  static func assets(_ count: Int) -> [Asset] {
    (1...max(1, count)).prefix(count).map(asset)
  }

  static func asset(_ number: Int) -> Asset {
    let id = String(format: "IMG_%04d.jpg", number)
    return Asset(
      id: id, url: URL(fileURLWithPath: "/library/\(id)"),
      creationDate: Date(timeIntervalSince1970: 1_700_000_000 - Double(number) * 60),
      pixelWidth: 4032, pixelHeight: 3024, album: nil)
  }

  static func ids(_ numbers: ClosedRange<Int>) -> [String] { numbers.map { asset($0).id } }
}
