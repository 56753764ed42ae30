import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import TestSupport
import Testing

/// Change details through the real path: a device's library changed by `performChanges`, the
/// `PHChange` its observers get, and `changeDetails(for:)` on fetches of several kinds.
@Suite(.isolatedPhotoKitDevice) struct ChangeDetailsLibraryTests {
  static func ids(_ result: PHFetchResult<PHAsset>) -> [String] {
    PhotoKitCompatTests.ids(result)
  }

  /// A library folder of `count` photos, a third of them in the album "Trips".
  static func library(count: Int) throws -> URL {
    let root = try TestPaths.makeTemporaryDirectory("details")
    let trips = root.appendingPathComponent("Trips")
    try FileManager.default.createDirectory(at: trips, withIntermediateDirectories: true)
    for index in 0..<count {
      try FileManager.default.copyItem(
        at: PhotoKitCompatTests.imageToSave,
        to: (index % 3 == 0 ? trips : root).appendingPathComponent("IMG_\(100 + index).jpg"))
    }
    return root
  }

  /// The fetch before with the details replayed as a collection view replays a batch.
  static func replay(_ details: PHFetchResultChangeDetails<PHAsset>) -> [String]? {
    guard details.hasIncrementalChanges else { return nil }
    let before = ids(details.fetchResultBeforeChanges)
    let afterIDs = ids(details.fetchResultAfterChanges)
    var result = [String?](repeating: nil, count: afterIDs.count)
    var taken = Set(details.removedIndexes ?? [])
    for index in details.insertedIndexes ?? [] { result[index] = afterIDs[index] }
    details.enumerateMoves { from, to in
      taken.insert(from)
      result[to] = before[from]
    }
    var free = result.indices.filter { result[$0] == nil }.makeIterator()
    for (index, id) in before.enumerated() where !taken.contains(index) {
      guard let slot = free.next() else { return nil }
      result[slot] = id
    }
    let filled = result.compactMap { $0 }
    return filled.count == afterIDs.count ? filled : nil
  }

  /// Named fetches, run again after every change.
  static let fetches: [(String, @Sendable () -> PHFetchResult<PHAsset>)] = [
    ("all, default order", { PHAsset.fetchAssets(with: nil) }),
    (
      "newest first",
      {
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        return PHAsset.fetchAssets(with: options)
      }
    ),
    (
      "images, oldest first, at most 5",
      {
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: true)]
        options.fetchLimit = 5
        return PHAsset.fetchAssets(with: .image, options: options)
      }
    ),
    (
      "the album Trips",
      {
        let album = PHAssetCollection.fetchAssetCollections(
          withLocalIdentifiers: ["Trips"], options: nil)
        return album.firstObject.map { PHAsset.fetchAssets(in: $0, options: nil) }
          ?? PHFetchResult()
      }
    ),
    (
      "favourites",
      {
        let options = PHFetchOptions()
        options.predicate = NSPredicate(format: "isFavorite == YES")
        return PHAsset.fetchAssets(with: options)
      }
    ),
  ]

  /// Random favourites, new photos, deletions and hidings, one transaction at a time (a
  /// library's dates cannot be rewritten, so nothing moves here; the property test covers
  /// moves); after each, every fetch's details replay to their `fetchResultAfterChanges`, and
  /// asking again gives the same details. Forty transactions: a few seconds of a debug build.
  /// With full access, and under limited access (half the photos selected; the app's own new
  /// photos join what it sees).
  @Test(arguments: [false, true])
  func randomTransactionsThroughTheLibrary(limited: Bool) async throws {
    let selection = (0..<12).filter { $0 % 2 == 0 }.map {
      ($0 % 3 == 0 ? "Trips/" : "") + "IMG_\(100 + $0).jpg"
    }
    let device = try PhotoKitDevice.install(
      readWrite: limited ? .limited : .authorized, selection: limited ? selection : [],
      library: try Self.library(count: 12),
      stateDirectory: try TestPaths.makeTemporaryDirectory("details-state"))
    let recorder = ChangeRecorder()
    PHPhotoLibrary.shared().register(recorder)
    defer { PHPhotoLibrary.shared().unregisterChangeObserver(recorder) }
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    var current = Self.fetches.map { $0.1() }
    var checked = 0
    for step in 0..<40 {
      let all = PHAsset.fetchAssets(with: nil)
      guard all.count > 2 else { break }
      let asset = all.object(at: Int.random(in: 0..<all.count, using: &random))
      let heard = recorder.changes.count
      let kind = Int.random(in: 0..<4, using: &random)
      device.user.willConfirmDeletion(.delete)
      device.user.willConfirmModification(.modify)
      // The folder's listing can lag a transaction (a photo deleted a moment ago may still
      // be fetched): a change request that fails on such a photo is skipped.
      do {
        try PHPhotoLibrary.shared().performChangesAndWait {
          switch kind {
          case 0: PHAssetChangeRequest(for: asset).isFavorite = !asset.isFavorite
          case 1:
            PHAssetChangeRequest.creationRequestForAssetFromImage(
              atFileURL: PhotoKitCompatTests.imageToSave)
          case 2: PHAssetChangeRequest.deleteAssets([asset] as NSArray)
          default: PHAssetChangeRequest(for: asset).isHidden = true
          }
        }
      } catch {
        continue
      }
      try await recorder.changes.wait { $0.count > heard }
      let change = recorder.changes.all[heard]
      for (index, (name, _)) in Self.fetches.enumerated() {
        let context = "seed \(seed), step \(step), change \(kind), fetch \(name)"
        guard let details = change.changeDetails(for: current[index]) else { continue }
        #expect(Self.replay(details) == Self.ids(details.fetchResultAfterChanges), "\(context)")
        #expect(change.changeDetails(for: current[index]) === details, "\(context): one answer")
        current[index] = details.fetchResultAfterChanges
        checked += 1
      }
    }
    #expect(checked > 0)
  }
}
