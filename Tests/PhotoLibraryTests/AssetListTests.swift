import Foundation
import Testing

@testable import PhotoLibrary

/// A listing's assets in pieces of shared storage: read by position and in order as one list,
/// and a new listing made from an older one shares its unchanged runs.
@Suite struct AssetListTests {
  static let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

  /// The asset `number`, newer as the number is lower (a listing is newest first).
  static func asset(_ number: Int, folder: String = "Album") -> Asset {
    Asset(
      id: "\(folder)/IMG_\(number).jpg",
      url: URL(fileURLWithPath: "/library/\(folder)/IMG_\(number).jpg"),
      creationDate: start.addingTimeInterval(-Double(number)), pixelWidth: 4, pixelHeight: 3,
      album: folder)
  }

  /// `first` without what `keeping` refuses, and `second` merged in: the plain array version
  /// the list's merge must agree with.
  static func reference(_ first: [Asset], keeping: (Asset) -> Bool, _ second: [Asset])
    -> [Asset]
  {
    var all = first.filter(keeping) + second
    FolderLibrary.sortNewestFirst(&all)
    return all
  }

  /// A list of `count` assets built in chunks, as a listing read from the index is.
  static func built(_ count: Int, every step: Int = 2) -> AssetList {
    var builder = AssetList.Builder()
    for number in 0..<count { builder.append(asset(number * step)) }
    return builder.list
  }

  /// How many of `list`'s assets are stored in `other`'s storage (read in place there).
  static func assetsStored(in list: AssetList, within other: AssetList) -> Int {
    var ranges: [Range<UInt>] = []
    other.withPieces { piece, _ in
      let start = UInt(bitPattern: piece.baseAddress)
      ranges.append(start..<(start + UInt(piece.count * MemoryLayout<Asset>.stride)))
      return true
    }
    var shared = 0
    list.withPieces { piece, _ in
      let start = UInt(bitPattern: piece.baseAddress)
      if ranges.contains(where: { $0.contains(start) }) { shared += piece.count }
      return true
    }
    return shared
  }

  @Test(arguments: [0, 1, 63, 64, 8191, 8192, 8193, 30_000])
  func readByPositionAndInOrderAsOneList(count: Int) {
    let list = Self.built(count)
    let array = (0..<count).map { Self.asset($0 * 2) }
    #expect(list.count == count)
    #expect(Array(list) == array)
    #expect(list.indices.allSatisfy { list[$0] == array[$0] })
    var seen = 0
    list.withPieces { piece, start in
      #expect(start == seen)
      #expect(Array(piece) == Array(array[start..<(start + piece.count)]))
      seen += piece.count
      return true
    }
    #expect(seen == count)
    #expect(list.storage.pieces == (count + AssetList.chunkLength - 1) / AssetList.chunkLength)
  }

  /// Random changes to a list (removals and insertions anywhere, in runs and alone) agree with
  /// the array merge, time after time, each made from the one before.
  @Test(arguments: [1, 2, 3, 4, 5])
  func aMergeAgreesWithTheArrayMerge(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    var array = (0..<20_000).map { Self.asset($0 * 4) }
    var list = AssetList(array)
    for round in 0..<12 {
      // Removals: one run of a few hundred, and single assets here and there.
      let runStart = Int(random.next() % UInt64(max(1, array.count)))
      let runLength = Int(random.next() % 400)
      var removed = Set(array[runStart..<min(array.count, runStart + runLength)].map(\.id))
      for _ in 0..<Int(random.next() % 20) {
        removed.insert(array[Int(random.next() % UInt64(array.count))].id)
      }
      // Insertions: odd numbers (never listed), some in a run, some alone.
      var added: [Asset] = []
      let runAt = Int(random.next() % 80_000) | 1
      for offset in 0..<Int(random.next() % 300) {
        added.append(Self.asset(runAt + 2 * offset, folder: "New\(round)"))
      }
      for _ in 0..<Int(random.next() % 30) {
        added.append(Self.asset(Int(random.next() % 80_000) | 1, folder: "Single\(round)"))
      }
      FolderLibrary.sortNewestFirst(&added)
      let keep = { (asset: Asset) in !removed.contains(asset.id) }
      array = Self.reference(array, keeping: keep, added)
      list = FolderLibrary.mergedNewestFirst(list, keeping: keep, added)
      #expect(Array(list) == array, "round \(round)")
      #expect(list.indices.allSatisfy { list[$0] == array[$0] }, "round \(round)")
    }
  }

  /// A hundred photos added to a listing of 100,000 copy what they join, not the listing: the
  /// new listing shares the old one's chunks.
  @Test func aSmallChangeSharesTheRestOfTheListing() {
    let old = Self.built(100_000)
    let added = (0..<100).map { Self.asset(50_001 + 2 * $0, folder: "Added") }
    let new = FolderLibrary.mergedNewestFirst(old, keeping: { $0.id != "Album/IMG_10.jpg" }, added)
    #expect(new.count == 100_000 - 1 + 100)
    // Only the two chunks the change falls in are copied (the removed asset's and the
    // additions'); every other chunk is the old one's.
    let (pieces, held) = new.storage
    #expect(held <= 100_000 + 2 * AssetList.chunkLength)
    #expect(pieces <= old.storage.pieces + 6)
    #expect(Self.assetsStored(in: new, within: old) >= 100_000 - 2 * AssetList.chunkLength)
    #expect(
      Array(new) == Self.reference(Array(old), keeping: { $0.id != "Album/IMG_10.jpg" }, added))
  }

  /// Runs shorter than ``AssetList/shortestShared`` are copied: changes at every few assets do
  /// not cut a list into tiny pieces.
  @Test func shortRunsAreCopiedNotShared() {
    let old = Self.built(10_000, every: 1)
    // A removal every 10 assets.
    let new = FolderLibrary.mergedNewestFirst(
      old, keeping: { !$0.id.hasSuffix("0.jpg") }, [])
    #expect(new.count == 9_000)
    #expect(new.storage.pieces <= 9_000 / AssetList.chunkLength + 1)
    #expect(Array(new) == Array(old).filter { !$0.id.hasSuffix("0.jpg") })
  }

  /// When most of a listing goes, the rest is copied into chunks of its own: the old chunks do
  /// not stay alive for the few assets left of them.
  @Test func aListingMostlyRemovedLetsItsOldChunksGo() {
    let old = Self.built(100_000)
    // Every 5,000th asset stays: runs too short to share.
    let kept = { (asset: Asset) in
      Int(asset.id.dropFirst("Album/IMG_".count).dropLast(4))! % 10_000 < 200
    }
    let new = FolderLibrary.mergedNewestFirst(old, keeping: kept, [])
    #expect(new.count == 2_000)
    #expect(new.storage.chunkedAssets <= 2 * new.count + AssetList.chunkLength)
    #expect(Array(new) == Array(old).filter(kept))
  }

  /// Two lists made of one array are the same storage (a backend hands its array again); a copy
  /// is equal but not the same storage.
  @Test func oneArrayTwiceIsTheSameStorage() {
    let array = (0..<100).map { Self.asset($0) }
    let one = AssetList(array)
    #expect(one.isSameStorage(as: AssetList(array)))
    // A list handed to the copying initializer is shared, not copied.
    #expect(AssetList(one).isSameStorage(as: one))
    #expect(
      one.array.withUnsafeBufferPointer { $0.baseAddress }
        == array.withUnsafeBufferPointer { $0.baseAddress })
    let copy = AssetList(array.lazy.map { $0 })
    #expect(!one.isSameStorage(as: copy))
    #expect(one == copy && one.hashValue == copy.hashValue)
    #expect(one != AssetList(array.dropLast()))
    #expect(AssetList() == [] && AssetList([]).isEmpty)
  }
}
