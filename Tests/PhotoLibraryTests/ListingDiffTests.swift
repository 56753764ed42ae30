import Foundation
import PhotoLibrary
import Testing

/// The diff of two listings that `PHFetchResultChangeDetails` reports.
@Suite struct ListingDiffTests {
  /// One row: `before > after | changed ids | removed | inserted | changed indexes | moves`;
  /// listings are letters (one id each, `-` for none), moves `from→to`, lists space-separated.
  static let rows = [
    "- > - | | | | |",
    "abc > abc | | | | |",
    "abc > ac | | 1 | | |",
    "abc > xabyc | | | 0 3 | |",
    "abcd > xbdy | | 0 2 | 0 3 | |",
    "abc > abc | b | | | 1 |",
    // A changed id that was removed or inserted is not "changed".
    "abc > bcx | a x c | 0 | 2 | 1 |",
    // One id to the end, or to the front: one move, from its index before to its index after.
    "abcd > bcda | | | | | 0→3",
    "abcd > dabc | | | | | 3→0",
    // Reversal: all but one move.
    "abcd > dcba | | | | | 3→0 2→1 1→2",
    // Moves next to removals and insertions keep their before and after indexes.
    "abcde > xebd | e | 0 2 | 0 | 1 | 4→1",
    "ab > ba | a b | | | 0 1 | 1→0",
    "abc > - | | 0 1 2 | | |",
    "- > abc | | | 0 1 2 | |",
  ]

  static func ids(_ letters: String) -> [String] {
    letters == "-" ? [] : letters.map(String.init)
  }

  static func indexes(_ text: Substring) -> IndexSet {
    IndexSet(text.split(separator: " ").compactMap { Int($0) })
  }

  @Test(arguments: rows)
  func diffMatchesTheTable(row: String) throws {
    let fields = row.split(separator: "|", omittingEmptySubsequences: false)
    let listings = fields[0].split(separator: ">").map { $0.trimmingCharacters(in: .whitespaces) }
    let before = Self.ids(listings[0])
    let after = Self.ids(listings[1])
    let diff = ListingDiff(
      before: before, after: after,
      changed: AssetIDSet(fields[1].split(separator: " ").map(String.init)))
    #expect(diff.isIncremental)
    #expect(diff.removedIndexes == Self.indexes(fields[2]))
    #expect(diff.insertedIndexes == Self.indexes(fields[3]))
    #expect(diff.changedIndexes == Self.indexes(fields[4]))
    #expect(
      diff.moves.map(\.description).joined(separator: " ")
        == fields[5].trimmingCharacters(in: .whitespaces))
    #expect(diff.hasMoves == !diff.moves.isEmpty)
    #expect(diff.applied(to: before) { after[$0] } == after)
  }

  /// Canonically equivalent spellings are different files, so different ids.
  @Test func idsAreComparedByTheirBytes() {
    let composed = "caf\u{E9}.jpg"
    let decomposed = "cafe\u{301}.jpg"
    let diff = ListingDiff(before: [composed], after: [decomposed], changed: [decomposed])
    #expect(diff.removedIndexes == [0])
    #expect(diff.insertedIndexes == [0])
    #expect(diff.changedIndexes.isEmpty)
  }

  /// Each row: listings and the limit; whether the diff is incremental.
  @Test(arguments: [
    ("abc", "xyz", 6, true),
    ("abc", "xyz", 5, false),
    ("abcd", "dcba", 3, true),
    ("abcd", "dcba", 2, false),
    // An id named twice where the listings differ: its objects cannot be told apart.
    ("xaby", "xbaay", 100, false),
    ("xaaby", "xbay", 100, false),
    // Where they agree, a repeat is kept in place like any id.
    ("aa", "aa", 100, true),
    ("", "", 0, true),
  ])
  func incrementalUnlessTooManyChangesOrRepeatedIDs(
    before: String, after: String, limit: Int, incremental: Bool
  ) {
    let diff = ListingDiff(
      before: Self.ids(before), after: Self.ids(after), maximumChanges: limit)
    #expect(diff.isIncremental == incremental)
    if !incremental {
      #expect(diff.removedIndexes.isEmpty && diff.insertedIndexes.isEmpty && diff.moves.isEmpty)
      #expect(!diff.isEmpty)
      #expect(diff.applied(to: Self.ids(before)) { _ in "?" } == nil)
    }
  }

  /// Random listings (seeded): replaying the diff always gives the listing after, and the moves
  /// are never more than the kept ids that left their order.
  @Test func replayingGivesTheListingAfter() {
    var generator = SeededGenerator(seed: 0x5EED)
    for round in 0..<2_000 {
      let pool = (0..<Int.random(in: 0...24, using: &generator)).map { "id\($0)" }
      let before = pool.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      let after = pool.filter { _ in Bool.random(using: &generator) }.shuffled(using: &generator)
      let diff = ListingDiff(before: before, after: after)
      let replayed = diff.applied(to: before) { after[$0] }
      #expect(replayed == after, "round \(round): \(before) → \(after), diff \(diff)")
      if replayed != after { return }
    }
  }

  /// A large listing, a tenth of it removed and a thousand ids added: the diff is right (its
  /// speed is measured outside the tests, never asserted).
  @Test func aLargeListing() {
    let before = (0..<100_000).map { "IMG_\($0).jpg" }
    var after = before.filter { !$0.hasSuffix("7.jpg") }
    after.append(contentsOf: (0..<1_000).map { "new_\($0).jpg" })
    let diff = ListingDiff(before: before, after: after, maximumChanges: .max)
    #expect(diff.removedIndexes.count == 10_000)
    #expect(diff.insertedIndexes.count == 1_000)
    #expect(diff.moves.isEmpty)
  }
}
