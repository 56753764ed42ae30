import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

/// `PHFetchResultChangeDetails` between two fetch results: PhotoKit's indexes, the fewest
/// moves, and a change too big to describe.
@Suite(.isolatedPhotoKitDevice) struct FetchResultChangeDetailsTests {
  /// A fetch result of the installed photos named by `letters`, in that order.
  static func result(_ letters: String) -> PHFetchResult<PHAsset> {
    let all = PHAsset.fetchAssets(with: nil)
    var byName: [String: PHAsset] = [:]
    all.enumerateObjects { asset, _, _ in byName[asset.localIdentifier] = asset }
    let assets = letters.compactMap { byName["\($0).jpg"] }
    return PHAsset.fetchAssets(
      in: PHAssetCollection.transientAssetCollection(with: assets, title: nil), options: nil)
  }

  static func moves(_ details: PHFetchResultChangeDetails<PHAsset>) -> [String] {
    var moves: [String] = []
    details.enumerateMoves { moves.append("\($0)→\($1)") }
    return moves
  }

  /// Each row: before, after, changed photos; removed, inserted and changed indexes, moves.
  @Test(arguments: [
    ("abcd", "dabc", "", "", "", "", "3→0"),
    ("abcd", "xabd", "b", "2", "0", "2", ""),
    ("abcde", "xebd", "e", "0 2", "0", "1", "4→1"),
    ("abc", "cba", "", "", "", "", "2→0 1→1"),
  ])
  func detailsAreThoseOfPhotoKit(
    before: String, after: String, changed: String, removed: String, inserted: String,
    changedIndexes: String, moves: String
  ) throws {
    try PhotoKitDevice.install(readWrite: .authorized, assets: "abcdex".map { "\($0).jpg" })
    let from = Self.result(before)
    let to = Self.result(after)
    let details = PHFetchResultChangeDetails(
      from: from, to: to, changedObjects: Self.ids(Self.result(changed)))
    func list(_ indexes: IndexSet?) -> String {
      (indexes ?? []).map(String.init).joined(separator: " ")
    }
    #expect(details.hasIncrementalChanges)
    #expect(list(details.removedIndexes) == removed)
    #expect(list(details.insertedIndexes) == inserted)
    #expect(list(details.changedIndexes) == changedIndexes)
    #expect(Self.moves(details).joined(separator: " ") == moves)
    #expect(details.hasMoves == !moves.isEmpty)
    #expect(details.removedObjects.count == details.removedIndexes?.count)
    #expect(
      details.insertedObjects.map(\.localIdentifier)
        == (details.insertedIndexes ?? []).map { to.object(at: $0).localIdentifier })
    #expect(
      details.changedObjects.map(\.localIdentifier)
        == (details.changedIndexes ?? []).map { to.object(at: $0).localIdentifier })
    #expect(details.fetchResultBeforeChanges === from && details.fetchResultAfterChanges === to)
  }

  static func ids(_ result: PHFetchResult<PHAsset>) -> [PHAsset] {
    var assets: [PHAsset] = []
    result.enumerateObjects { asset, _, _ in assets.append(asset) }
    return assets
  }

  /// More than 5,000 photos in or out at once: not incremental, no index sets, no moves.
  @Test func tooManyChangesAreNotIncremental() throws {
    let names = (0..<5_001).map { "IMG_\($0).jpg" }
    try PhotoKitDevice.install(readWrite: .authorized, assets: names)
    let all = PHAsset.fetchAssets(with: nil)
    let none = PHAsset.fetchAssets(
      in: PHAssetCollection.transientAssetCollection(with: [], title: nil), options: nil)
    let details = PHFetchResultChangeDetails(from: none, to: all, changedObjects: [])
    #expect(!details.hasIncrementalChanges)
    #expect(details.insertedIndexes == nil && details.removedIndexes == nil)
    #expect(details.changedIndexes == nil && details.insertedObjects.isEmpty && !details.hasMoves)
    #expect(details.fetchResultAfterChanges.count == 5_001)
    let oneLess = PHAsset.fetchAssets(
      in: PHAssetCollection.transientAssetCollection(
        with: Array(Self.ids(all).dropFirst()), title: nil),
      options: nil)
    let small = PHFetchResultChangeDetails(from: oneLess, to: all, changedObjects: [])
    #expect(small.hasIncrementalChanges && small.insertedIndexes == [0])
  }
}
