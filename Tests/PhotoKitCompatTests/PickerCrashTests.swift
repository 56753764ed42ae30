import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import Testing

@testable import PhotoKitCompatClients

/// Change handlers written as iOS view controllers, run against random library changes with
/// the batch-update checker: the wrong ways pickers shipped fail with UIKit's message within a
/// few hundred changes; Apple's sample pattern passes ten thousand sequences.
@Suite(.isolatedPhotoKitDevice) struct PickerCrashTests {
  /// A grid controller, loaded, as the checker's client.
  static func client(_ grid: PhotoGridViewController) -> BatchUpdateChecker.Client {
    grid.loadViewIfNeeded()
    return .init(collectionView: grid.collectionView) { grid.apply($0) }
  }

  @Test func applesSamplePatternPassesTenThousandSequences() throws {
    let report = try BatchUpdateChecker(seed: 1, sequences: 10_000).run {
      Self.client(PhotoGridViewController(fetchResult: $0))
    }
    #expect(report.sequences == 10_000)
    #expect(report.changes > 30_000)
  }

  @Test func theTableViewPatternPassesToo() throws {
    let report = try BatchUpdateChecker(seed: 2, sequences: 2_000).run { fetchResult in
      let list = PhotoListTableViewController(fetchResult: fetchResult)
      list.loadViewIfNeeded()
      return .init(tableView: list.tableView) { list.apply($0) }
    }
    #expect(report.sequences == 2_000)
  }

  /// Each wrong handler and the starts of the messages UIKit raises for it (the first change
  /// that breaks it decides which).
  static let wrongHandlers:
    [(String, @Sendable (PHFetchResult<PHAsset>) -> PhotoGridViewController, [String])] = [
      (
        "reloads changedIndexes inside the batch",
        { ReloadInsideBatchGridViewController(fetchResult: $0) },
        ["attempt to delete and reload the same index path", "attempt to delete item"]
      ),
      (
        "takes the new fetch result after the batch",
        { StaleFetchResultGridViewController(fetchResult: $0) },
        ["Invalid update: invalid number of items in section 0.", "attempt to insert item"]
      ),
      (
        "inserts, then deletes, outside a batch",
        { SeparateUpdatesGridViewController(fetchResult: $0) },
        ["Invalid update: invalid number of items in section 0.", "attempt to insert item"]
      ),
    ]

  @Test(arguments: 0..<wrongHandlers.count)
  func aWrongHandlerFailsWithUIKitsMessage(index: Int) throws {
    let (name, make, messages) = Self.wrongHandlers[index]
    let checker = BatchUpdateChecker(seed: 3, sequences: 300)
    let failure = #expect(throws: BatchUpdateChecker.Failure.self, "\(name)") {
      try checker.run { Self.client(make($0)) }
    }
    let reason = failure?.inconsistency.reason ?? "no failure"
    #expect(messages.contains { reason.hasPrefix($0) }, "\(name): \(reason)")
    #expect(failure?.description.contains("replay with seed 3") == true)
  }

  /// One photo deleted while the data source still answers the old fetch result: UIKit's
  /// message, word for word.
  @Test func theStaleFetchResultMessageIsUIKits() throws {
    try PhotoKitDevice.install(readWrite: .authorized, assets: ["a.jpg", "b.jpg", "c.jpg"])
    let before = PHAsset.fetchAssets(with: nil)
    let kept = [before.object(at: 0), before.object(at: 2)]
    let after = PHAsset.fetchAssets(
      in: PHAssetCollection.transientAssetCollection(with: kept, title: nil), options: nil)
    let grid = StaleFetchResultGridViewController(fetchResult: before)
    grid.loadViewIfNeeded()
    grid.collectionView.layoutIfNeeded()
    var raised: [UIKitInconsistency] = []
    grid.collectionView.inconsistencyHandler = { raised.append($0) }
    grid.apply(PHFetchResultChangeDetails(from: before, to: after, changedObjects: []))
    #expect(
      raised.map(\.reason) == [
        "Invalid update: invalid number of items in section 0. The number of items contained in "
          + "an existing section after the update (3) must be equal to the number of items "
          + "contained in that section before the update (3), plus or minus the number of items "
          + "inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the "
          + "number of items moved into or out of that section (0 moved in, 0 moved out)."
      ])
  }

  /// End to end: a photo saved through the library reaches the grid as a `PHChange` on its
  /// observer, and the batch it makes is one UIKit accepts.
  @Test func aRealChangeReachesTheGridThroughItsObserver() async throws {
    try PhotoKitDevice.install(readWrite: .authorized, assets: ["a.jpg", "b.jpg"])
    let grid = PhotoGridViewController(fetchResult: PHAsset.fetchAssets(with: nil))
    grid.loadViewIfNeeded()
    grid.collectionView.layoutIfNeeded()
    let raised = Recorder<UIKitInconsistency>()
    grid.collectionView.inconsistencyHandler = { raised.append($0) }
    grid.startObserving()
    defer { grid.stopObserving() }
    try PHPhotoLibrary.shared().performChangesAndWait {
      PHAssetChangeRequest.creationRequestForAssetFromImage(
        atFileURL: PhotoKitCompatTests.imageToSave)
    }
    var shown = 2
    for _ in 0..<1000 where shown != 3 {
      // The grid updates on the main queue: read it there.
      shown = await MainActor.run { grid.collectionView.numberOfItems(inSection: 0) }
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(shown == 3)
    #expect(raised.all.isEmpty)
  }
}
