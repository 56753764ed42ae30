import Foundation
import Testing

@testable import PhotoLibrary

/// A listing's order, newest first with ties in id order by their bytes: the sort of positions
/// and the moves that follow give what sorting the assets by ``FolderLibrary/isListedBefore``
/// gives, for every mix of dates, ties and lengths.
@Suite struct ListingOrderTests {
  static func asset(_ id: String, minute: Int) -> Asset {
    Asset(
      id: id, url: URL(fileURLWithPath: "/library/" + id),
      creationDate: Date(timeIntervalSince1970: Double(minute) * 60), pixelWidth: 4,
      pixelHeight: 3, album: nil)
  }

  @Test(arguments: [0, 1, 2, 3, 17, 1_000, 5_000])
  func theSortGivesTheListingsOrder(count: Int) {
    var random = SeededGenerator(seed: UInt64(count) + 1)
    // Few dates, so that most assets tie on theirs; ids in decomposed and precomposed forms,
    // and ids that share their first 16 bytes and more.
    let names = [
      "a", "B", "e\u{301}", "\u{e9}", "z", "Album/x", "Album/X", "Holidays/Summer 2024/IMG_",
      "Holidays/Summer 2024/IMG_\u{e9}", "Holidays/Summer/", "Holidays/Summer",
    ]
    var assets = (0..<count).map { number in
      Self.asset(
        "\(names[Int.random(in: 0..<names.count, using: &random)])\(number)",
        minute: Int.random(in: 0..<5, using: &random))
    }
    assets.shuffle(using: &random)
    let expected = assets.sorted(by: FolderLibrary.isListedBefore)
    FolderLibrary.sortNewestFirst(&assets)
    #expect(assets == expected)
    // Sorted again: nothing moves.
    FolderLibrary.sortNewestFirst(&assets)
    #expect(assets == expected)
  }
}
