import Foundation
import PhotoKitCompat

// The seeded generator the checker draws its changes from, for tests that make their own.
@_exported import struct PhotoLibrary.SeededGenerator

/// Runs an app's library-change handling against random changes and fails where UIKit would
/// raise: the Linux unit test for the crash iOS pickers ship most ("Invalid update: invalid
/// number of items in section 0…", "attempt to delete and reload the same index path").
///
/// Each of `sequences` sequences starts from a random fetch result over a library of
/// `poolSize` photos (installed on the current device: use it in a test with
/// `.isolatedPhotoKitDevice`), shown by a fresh client (`makeClient`; its view is laid out, as
/// a screen on display has read its counts), then applies
/// `steps` random changes to it: photos removed, inserted, marked changed, and now and then
/// moved or replaced wholesale. Each change reaches the client's handler as the
/// `PHFetchResultChangeDetails` PhotoKit would give for it; the table or collection view the
/// client updates (a UIKitCompat stand-in) checks every batch as UIKit does. The first batch
/// UIKit would reject ends the run with a ``Failure`` naming the seed, the sequence, the step
/// and UIKit's message.
///
/// ```swift
/// let checker = BatchUpdateChecker(seed: 7, sequences: 500)
/// try checker.run { fetchResult in
///   let grid = GridViewController(fetchResult: fetchResult)
///   return .init(collectionView: grid.collectionView) { grid.apply($0) }
/// }
/// ```
public struct BatchUpdateChecker: Sendable {
  /// A client under test: the view it updates and its handler for one change.
  public struct Client {
    let watch: (@escaping (UIKitInconsistency) -> Void) -> Void
    let handle: (PHFetchResultChangeDetails<PHAsset>) -> Void

    /// A client that updates `collectionView` in `handle`.
    public init(
      collectionView: UICollectionView,
      handle: @escaping (PHFetchResultChangeDetails<PHAsset>) -> Void
    ) {
      watch = {
        collectionView.inconsistencyHandler = $0
        // On screen: laid out, so it shows the data source's counts before any change.
        collectionView.layoutIfNeeded()
      }
      self.handle = handle
    }

    /// A client that updates `tableView` in `handle`.
    public init(
      tableView: UITableView, handle: @escaping (PHFetchResultChangeDetails<PHAsset>) -> Void
    ) {
      watch = {
        tableView.inconsistencyHandler = $0
        tableView.layoutIfNeeded()
      }
      self.handle = handle
    }
  }

  /// The first change a client handled as UIKit would not allow.
  public struct Failure: Error, CustomStringConvertible {
    /// The seed that replays the run.
    public let seed: UInt64
    /// The sequence (from 0) and the step in it (from 0).
    public let sequence: Int
    public let step: Int
    /// UIKit's exception.
    public let inconsistency: UIKitInconsistency
    /// The change: the listings before and after, and what the details said.
    public let change: String

    public var description: String {
      "UIKit would raise at sequence \(sequence), step \(step) (replay with seed \(seed)):\n"
        + "\(inconsistency)\n\(change)"
    }
  }

  /// What a passing run did.
  public struct Report: Sendable, Equatable {
    /// Sequences run and changes handed to the client.
    public var sequences = 0
    public var changes = 0
  }

  public let seed: UInt64
  public let sequences: Int
  public let steps: Int
  public let poolSize: Int

  /// A checker replaying `seed`; `sequences` runs of `steps` changes each over `poolSize`
  /// photos.
  public init(seed: UInt64, sequences: Int, steps: Int = 4, poolSize: Int = 24) {
    self.seed = seed
    self.sequences = sequences
    self.steps = steps
    self.poolSize = max(1, poolSize)
  }

  /// Runs the sequences; throws the first ``Failure``.
  @discardableResult
  public func run(_ makeClient: (PHFetchResult<PHAsset>) -> Client) throws -> Report {
    let names = (0..<poolSize).map { "IMG_\(1000 + $0).jpg" }
    try PhotoKitDevice.install(readWrite: .authorized, assets: names)
    var pool: [PHAsset] = []
    PHAsset.fetchAssets(with: nil).enumerateObjects { asset, _, _ in pool.append(asset) }
    var random = SeededGenerator(seed: seed)
    var report = Report()
    for sequence in 0..<sequences {
      var listing = pool.indices.filter { _ in random.next() % 3 != 0 }
      var shown = Self.fetchResult(listing.map { pool[$0] })
      let client = makeClient(shown)
      var raised: UIKitInconsistency?
      client.watch { if raised == nil { raised = $0 } }
      for step in 0..<steps {
        let next = Self.change(listing, poolSize: pool.count, using: &random)
        let after = Self.fetchResult(next.listing.map { pool[$0] })
        let details = PHFetchResultChangeDetails(
          from: shown, to: after, changedObjects: next.changed.map { pool[$0] })
        listing = next.listing
        shown = after
        guard Self.describesAChange(details) else { continue }
        client.handle(details)
        report.changes += 1
        if let raised {
          throw Failure(
            seed: seed, sequence: sequence, step: step, inconsistency: raised,
            change: Self.summary(details))
        }
      }
      report.sequences += 1
    }
    return report
  }

  /// A fetch result of `assets` in this order.
  static func fetchResult(_ assets: [PHAsset]) -> PHFetchResult<PHAsset> {
    PHAsset.fetchAssets(
      in: PHAssetCollection.transientAssetCollection(with: assets, title: nil), options: nil)
  }

  /// Whether Photos would report the change at all (it reports none for an unchanged fetch).
  static func describesAChange(_ details: PHFetchResultChangeDetails<PHAsset>) -> Bool {
    !details.hasIncrementalChanges || details.hasMoves
      || details.removedIndexes?.isEmpty == false || details.insertedIndexes?.isEmpty == false
      || details.changedIndexes?.isEmpty == false
  }

  /// The next listing (indexes into the pool) and the kept ones marked changed: a few
  /// removals, insertions, changes, sometimes moves, now and then everything at once.
  static func change(_ listing: [Int], poolSize: Int, using random: inout SeededGenerator)
    -> (listing: [Int], changed: [Int])
  {
    let roll = random.next() % 20
    if roll == 0 { return ((0..<poolSize).filter { _ in random.next() % 2 == 0 }, []) }
    var next = listing.filter { _ in random.next() % 5 != 0 }
    let absent = Set(0..<poolSize).subtracting(listing).sorted()
    for index in absent where random.next() % 4 == 0 {
      next.insert(index, at: Int(random.next() % UInt64(next.count + 1)))
    }
    if roll < 4, next.count > 1 {
      let from = Int(random.next() % UInt64(next.count))
      let to = Int(random.next() % UInt64(next.count))
      next.insert(next.remove(at: from), at: to)
    }
    let kept = Set(listing)
    let changed = next.filter { kept.contains($0) && random.next() % 6 == 0 }
    return (next, changed)
  }

  /// The listings and the details, for a failure's message.
  static func summary(_ details: PHFetchResultChangeDetails<PHAsset>) -> String {
    func names(_ result: PHFetchResult<PHAsset>) -> String {
      var names: [String] = []
      result.enumerateObjects { asset, _, _ in
        names.append(String(asset.localIdentifier.dropFirst(4).prefix(4)))
      }
      return "[" + names.joined(separator: " ") + "]"
    }
    func list(_ indexes: IndexSet?) -> String {
      indexes.map { "[" + $0.map(String.init).joined(separator: " ") + "]" } ?? "nil"
    }
    var moves: [String] = []
    details.enumerateMoves { moves.append("\($0)→\($1)") }
    return "before \(names(details.fetchResultBeforeChanges)) "
      + "after \(names(details.fetchResultAfterChanges)); removed \(list(details.removedIndexes)) "
      + "inserted \(list(details.insertedIndexes)) changed \(list(details.changedIndexes)) "
      + "moves [\(moves.joined(separator: " "))]"
      + (details.hasIncrementalChanges ? "" : " (not incremental)")
  }
}
