import Foundation
import PhotoKitCompat
import PhotoKitCompatTesting
import PhotoLibrary
import Testing

/// Change details against random transactions: applying them to the fetch before gives the
/// fetch after, and Apple's way of handing them to a collection view is one UIKit accepts.
@Suite struct ChangeDetailsPropertyTests {
  /// A photo of the modelled library.
  struct Photo {
    var id: String
    var date: Int
    var isVideo: Bool
    var album: Int?
    var isSelected: Bool
  }

  /// A fetch: sorted by date either way, maybe one media type, maybe limited, maybe one
  /// album, maybe under limited access (the selection only).
  struct Fetch: CustomStringConvertible {
    var ascending: Bool
    var videos: Bool?
    var limit: Int
    var album: Int?
    var limitedAccess: Bool

    func listing(_ library: [Photo]) -> [String] {
      let kept = library.filter { photo in
        (!limitedAccess || photo.isSelected) && (videos.map { $0 == photo.isVideo } ?? true)
          && (album.map { $0 == photo.album } ?? true)
      }
      let sorted = kept.sorted {
        ascending ? ($0.date, $0.id) < ($1.date, $1.id) : ($0.date, $0.id) > ($1.date, $1.id)
      }
      return Array(sorted.prefix(limit > 0 ? limit : sorted.count)).map(\.id)
    }

    var description: String {
      "date \(ascending ? "asc" : "desc"), videos \(videos.map(String.init) ?? "any"), "
        + "limit \(limit), album \(album.map(String.init) ?? "any"), limited \(limitedAccess)"
    }
  }

  static func randomFetch(using random: inout SeededGenerator) -> Fetch {
    Fetch(
      ascending: Bool.random(using: &random),
      videos: [nil, true, false].randomElement(using: &random)!,
      limit: [0, 0, 3, 10].randomElement(using: &random)!,
      album: [nil, nil, 0, 1].randomElement(using: &random)!,
      limitedAccess: Int.random(in: 0..<4, using: &random) == 0)
  }

  /// One transaction: photos added, deleted, redated (which moves them), moved between
  /// albums, selected or unselected, marked changed. Returns the ids it changed in place.
  static func transact(
    _ library: inout [Photo], nextID: inout Int, using random: inout SeededGenerator
  ) -> [String] {
    var changed: [String] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      switch Int.random(in: 0..<7, using: &random) {
      case 0, 1:
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          nextID += 1
          library.append(
            Photo(
              id: "P\(nextID).jpg", date: Int.random(in: 0..<50, using: &random),
              isVideo: Int.random(in: 0..<4, using: &random) == 0,
              album: [nil, 0, 1].randomElement(using: &random)!,
              isSelected: Bool.random(using: &random)))
        }
      case 2 where !library.isEmpty:
        library.remove(at: Int.random(in: 0..<library.count, using: &random))
      case 3 where !library.isEmpty:
        let index = Int.random(in: 0..<library.count, using: &random)
        library[index].date = Int.random(in: 0..<50, using: &random)
        changed.append(library[index].id)
      case 4 where !library.isEmpty:
        let index = Int.random(in: 0..<library.count, using: &random)
        library[index].album = [nil, 0, 1].randomElement(using: &random)!
        changed.append(library[index].id)
      case 5 where !library.isEmpty:
        let index = Int.random(in: 0..<library.count, using: &random)
        library[index].isSelected.toggle()
      default:
        for photo in library where Int.random(in: 0..<8, using: &random) == 0 {
          changed.append(photo.id)
        }
      }
    }
    return changed
  }

  /// What must hold of the diff of `before` and `after`; nil when all does, or what failed.
  static func check(before: [String], after: [String], changed: [String]) -> String? {
    let diff = ListingDiff(before: before, after: after, changed: AssetIDSet(changed))
    guard diff.isIncremental else { return "not incremental" }
    guard diff.applied(to: before, inserted: { after[$0] }) == after else {
      return "replaying \(diff) gives \(String(describing: diff.applied(to: before) { after[$0] }))"
    }
    let beforeSet = Set(before)
    let afterSet = Set(after)
    let changedSet = Set(changed)
    if diff.removedIndexes.contains(where: { afterSet.contains(before[$0]) }) {
      return "a removed id is still there"
    }
    if diff.insertedIndexes.contains(where: { beforeSet.contains(after[$0]) }) {
      return "an inserted id was there"
    }
    let expectedChanged = IndexSet(
      after.indices.filter { beforeSet.contains(after[$0]) && changedSet.contains(after[$0]) })
    if diff.changedIndexes != expectedChanged { return "changed \(diff.changedIndexes)" }
    // Apple's sample: delete, insert and move in one batch, then reload the changed ones.
    let batch = BatchUpdate(
      [
        .deleteItems(diff.removedIndexes.map { IndexPath(item: $0, section: 0) }),
        .insertItems(diff.insertedIndexes.map { IndexPath(item: $0, section: 0) }),
      ]
        + diff.moves.map {
          .moveItem(IndexPath(item: $0.from, section: 0), IndexPath(item: $0.to, section: 0))
        })
    let reloads = BatchUpdate([
      .reloadItems(diff.changedIndexes.map { IndexPath(item: $0, section: 0) })
    ])
    do {
      try batch.validate(.collectionView, before: [before.count], after: [after.count])
      try reloads.validate(.collectionView, before: [after.count], after: [after.count])
    } catch {
      return "UIKit would raise: \(error.reason)"
    }
    return nil
  }

  /// Ten thousand sequences of random transactions over random fetches, through the diff
  /// PhotoKitCompat reports.
  @Test func tenThousandRandomSequences() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    for sequence in 0..<10_000 {
      var nextID = 0
      var library: [Photo] = []
      _ = Self.transact(&library, nextID: &nextID, using: &random)
      let fetches = (0..<3).map { _ in Self.randomFetch(using: &random) }
      for step in 0..<Int.random(in: 1...4, using: &random) {
        let before = fetches.map { $0.listing(library) }
        let changed = Self.transact(&library, nextID: &nextID, using: &random)
        for (fetch, listing) in zip(fetches, before) {
          let after = fetch.listing(library)
          if let failure = Self.check(before: listing, after: after, changed: changed) {
            let message =
              "seed \(seed), sequence \(sequence), step \(step), fetch (\(fetch)): \(failure); "
              + "before \(listing), after \(after), changed \(changed)"
            Issue.record(Comment(rawValue: message))
            return
          }
        }
      }
    }
  }
}
