import Foundation

/// The updates of one batch of a `UICollectionView` or `UITableView` (everything called inside
/// `performBatchUpdates(_:completion:)`, or `beginUpdates()` … `endUpdates()`, or one
/// `insertItems(at:)`-style call on its own) and UIKit's check of them.
///
/// ``validate(_:before:after:)`` applies the rules UIKit applies as a batch ends, in its order,
/// and throws the ``UIKitInconsistency`` a device raises, with its words:
/// 1. a reload is a delete of its index path before the update and an insert of the same
///    item where it lands after the deletes and inserts: reloading an index path that is also
///    deleted raises "attempt to delete and reload the same index path";
/// 2. deletes (and move sources) refer to the state *before* the update: out of range, deleting
///    what is also moved, moving out of a deleted section, raise;
/// 3. inserts (and move destinations) refer to the state *after* it: out of range, inserting
///    where an item is also moved to, moving into an inserted section, raise;
/// 4. moves: both ends in range; one source moved to two places, or two sources to one place,
///    raise (the very same move twice counts once);
/// 5. counts: the number of sections after must be the number before plus those inserted
///    minus those deleted; each section kept must hold its items before, plus those inserted,
///    minus those deleted, plus those moved in, minus those moved out ("Invalid update: invalid
///    number of items in section 0. …").
///
/// The order the calls were made in inside the batch does not matter, as in UIKit: deletes are
/// always read against the state before, inserts against the state after. The same index path
/// deleted (or inserted) twice counts twice.
public struct BatchUpdate: Sendable, Equatable {
  /// Which view's words the messages use.
  public enum View: Sendable {
    /// `UICollectionView`: items.
    case collectionView
    /// `UITableView`: rows.
    case tableView
  }

  /// One call made during the batch.
  public enum Operation: Sendable, Equatable {
    case insertItems([IndexPath])
    case deleteItems([IndexPath])
    case reloadItems([IndexPath])
    case moveItem(IndexPath, IndexPath)
    case insertSections(IndexSet)
    case deleteSections(IndexSet)
    case reloadSections(IndexSet)
    case moveSection(Int, Int)
  }

  /// The calls, in the order they were made.
  public var operations: [Operation]

  public init(_ operations: [Operation] = []) { self.operations = operations }

  /// Whether no call was made.
  public var isEmpty: Bool { operations.isEmpty }

  /// Checks the batch as UIKit does when it ends: `before` holds the number of items (rows) of
  /// each section the view showed, `after` what its data source answers now.
  public func validate(_ view: View, before: [Int], after: [Int]) throws(UIKitInconsistency) {
    var parts = Parts(operations)
    let words = Words(view)
    try parts.expandReloads(words)
    try parts.checkDeletes(words, before: before)
    try parts.checkInserts(words, after: after)
    try parts.checkMoves(words, before: before, after: after)
    try parts.checkCounts(words, before: before, after: after)
  }
}

/// The nouns a view's messages use.
private struct Words {
  let item: String
  let items: String
  let view: String

  init(_ view: BatchUpdate.View) {
    switch view {
    case .collectionView: (item, items, self.view) = ("item", "items", "collection view")
    case .tableView: (item, items, self.view) = ("row", "rows", "table view")
    }
  }

  /// How UIKit prints an index path in a reason (`NSIndexPath`'s description, less the
  /// address).
  static func path(_ indexPath: IndexPath) -> String {
    "<NSIndexPath: 0x…> {length = \(indexPath.count), path = "
      + indexPath.map(String.init).joined(separator: " - ") + "}"
  }
}

/// The batch sorted into the families UIKit checks.
private struct Parts {
  var deletes: [IndexPath] = []
  var inserts: [IndexPath] = []
  var reloads: [IndexPath] = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  var deletedSections: [Int] = []
  var insertedSections: [Int] = []
  var reloadedSections: [Int] = []
  var sectionMoves: [(from: Int, to: Int)] = []

  init(_ operations: [BatchUpdate.Operation]) {
    for operation in operations {
      switch operation {
      case .insertItems(let paths): inserts += paths
      case .deleteItems(let paths): deletes += paths
      case .reloadItems(let paths): reloads += paths
      case .moveItem(let from, let to): moves.append((from, to))
      case .insertSections(let sections): insertedSections += sections
      case .deleteSections(let sections): deletedSections += sections
      case .reloadSections(let sections): reloadedSections += sections
      case .moveSection(let from, let to): sectionMoves.append((from, to))
      }
    }
  }

  private static func fail(_ reason: String) -> UIKitInconsistency {
    UIKitInconsistency(reason: reason)
  }

  /// Step 1: each reload becomes a delete of its index path and an insert where the item
  /// lands once the other deletes and inserts are made.
  mutating func expandReloads(_ words: Words) throws(UIKitInconsistency) {
    let originalDeletes = deletes.sorted(by: >)
    let originalInserts = inserts.sorted()
    for path in reloads {
      var item = path.item
      for deleted in originalDeletes {
        if deleted == path {
          throw Self.fail(
            "attempt to delete and reload the same index path (\(Words.path(path)))")
        }
        if deleted.section == path.section && deleted.item <= item { item -= 1 }
      }
      for inserted in originalInserts where inserted.section == path.section {
        if inserted.item <= item { item += 1 }
      }
      deletes.append(path)
      inserts.append(IndexPath(item: item, section: path.section))
    }
    let (originalDeletedSections, originalInsertedSections) = (deletedSections, insertedSections)
    for section in reloadedSections {
      deletedSections.append(section)
      insertedSections.append(
        section - originalDeletedSections.filter { $0 < section }.count
          + originalInsertedSections.filter { $0 <= section }.count)
    }
  }

  /// Step 2: deletes against the state before.
  mutating func checkDeletes(_ words: Words, before: [Int]) throws(UIKitInconsistency) {
    for section in Set(deletedSections).sorted(by: >) {
      guard section < before.count else {
        throw Self.fail(
          "attempt to delete section \(section), but there are only \(before.count) sections "
            + "before the update")
      }
      deletes.removeAll { $0.section == section }
      if sectionMoves.contains(where: { $0.from == section }) {
        throw Self.fail(
          "attempt to perform a delete and a move from the same section (\(section))")
      }
      if moves.contains(where: { $0.from.section == section }) {
        throw Self.fail("cannot move an item from a deleted section (\(section))")
      }
    }
    for path in deletes.sorted(by: >) {
      if moves.contains(where: { $0.from == path }) {
        throw Self.fail(
          "attempt to perform a delete and a move from the same index path (\(Words.path(path)))")
      }
      guard path.section < before.count else {
        throw Self.fail(
          "attempt to delete \(words.item) \(path.item) from section \(path.section), but there "
            + "are only \(before.count) sections before the update")
      }
      guard path.item < before[path.section] else {
        throw Self.fail(
          "attempt to delete \(words.item) \(path.item) from section \(path.section) which only "
            + "contains \(before[path.section]) \(words.items) before the update")
      }
    }
  }

  /// Step 3: inserts against the state after.
  mutating func checkInserts(_ words: Words, after: [Int]) throws(UIKitInconsistency) {
    for section in Set(insertedSections).sorted() {
      guard section < after.count else {
        throw Self.fail(
          "attempt to insert section \(section) but there are only \(after.count) sections "
            + "after the update")
      }
      inserts.removeAll { $0.section == section }
      if sectionMoves.contains(where: { $0.to == section }) {
        throw Self.fail(
          "attempt to perform an insert and a move to the same section (\(section))")
      }
      if moves.contains(where: { $0.to.section == section }) {
        throw Self.fail("cannot move an item into a newly inserted section (\(section))")
      }
    }
    for path in inserts.sorted() {
      if moves.contains(where: { $0.to == path }) {
        throw Self.fail(
          "attempt to perform an insert and a move to the same index path (\(Words.path(path)))")
      }
      guard path.section < after.count else {
        throw Self.fail(
          "attempt to insert \(words.item) \(path.item) into section \(path.section), but there "
            + "are only \(after.count) sections after the update")
      }
      guard path.item < after[path.section] else {
        throw Self.fail(
          "attempt to insert \(words.item) \(path.item) into section \(path.section), but there "
            + "are only \(after[path.section]) \(words.items) in section \(path.section) after "
            + "the update")
      }
    }
  }

  /// Step 4: both ends of each move in range; the same move twice counts once; one source to
  /// two places, or two sources to one place, raise.
  mutating func checkMoves(_ words: Words, before: [Int], after: [Int])
    throws(UIKitInconsistency)
  {
    for move in sectionMoves {
      guard move.from < before.count else {
        throw Self.fail(
          "attempt to move section \(move.from), but there are only \(before.count) sections "
            + "before the update")
      }
      guard move.to < after.count else {
        throw Self.fail(
          "attempt to to move section \(move.from) to section \(move.to), but there are only "
            + "\(after.count) sections after the update")
      }
    }
    var kept: [(from: IndexPath, to: IndexPath)] = []
    for move in moves {
      let (from, to) = (Words.path(move.from), Words.path(move.to))
      guard move.from.section < before.count else {
        throw Self.fail(
          "attempt to move index path (\(from)) from a section that does not exist - there are "
            + "only \(before.count) sections before the update")
      }
      guard move.from.item < before[move.from.section] else {
        throw Self.fail(
          "attempt to move index path (\(from)) that does not exist - there are only "
            + "\(before[move.from.section]) \(words.items) in section \(move.from.section) "
            + "before the update")
      }
      guard move.to.section < after.count else {
        throw Self.fail(
          "attempt to move index path (\(from)) to index path (\(to)) in section that does not "
            + "exist - there are only \(after.count) sections after the update")
      }
      guard move.to.item < after[move.to.section] else {
        throw Self.fail(
          "attempt to move index path (\(from)) to index path (\(to)) that does not exist - "
            + "there are only \(after[move.to.section]) \(words.items) in section "
            + "\(move.to.section) after the update")
      }
      if kept.contains(where: { $0.from == move.from && $0.to == move.to }) { continue }
      if let other = kept.first(where: { $0.from == move.from }) {
        throw Self.fail(
          "attempt to move \(words.item) at index path \(from) to both \(Words.path(other.to)) "
            + "and \(to)")
      }
      if let other = kept.first(where: { $0.to == move.to }) {
        throw Self.fail(
          "attempt to move both \(words.item) at index path \(Words.path(other.from)) and "
            + "\(from) to \(to)")
      }
      kept.append(move)
    }
    moves = kept
  }

  /// Step 5: the counts add up, for the sections and for each section kept.
  func checkCounts(_ words: Words, before: [Int], after: [Int]) throws(UIKitInconsistency) {
    let deleted = Set(deletedSections)
    let inserted = Set(insertedSections)
    let expectedSections = before.count + inserted.count - deleted.count
    guard expectedSections == after.count else {
      throw Self.fail(
        "Invalid update: invalid number of sections. The number of sections contained in the "
          + "\(words.view) after the update (\(after.count)) must be equal to the number of "
          + "sections contained in the \(words.view) before the update (\(before.count)), plus "
          + "or minus the number of sections inserted or deleted (\(inserted.count) inserted, "
          + "\(deleted.count) deleted).")
    }
    // Which section before each section after shows (nil for an inserted one).
    var oldSection = [Int?](repeating: nil, count: after.count)
    let movedFrom = Set(sectionMoves.map(\.from))
    let movedTo = Set(sectionMoves.map(\.to))
    for move in sectionMoves { oldSection[move.to] = move.from }
    var remaining = (0..<before.count).filter { !deleted.contains($0) && !movedFrom.contains($0) }
      .makeIterator()
    for section in 0..<after.count where !inserted.contains(section) && !movedTo.contains(section) {
      oldSection[section] = remaining.next()
    }
    var newSection = [Int?](repeating: nil, count: before.count)
    for (new, old) in oldSection.enumerated() { if let old { newSection[old] = new } }
    var insertedItems = [Int](repeating: 0, count: after.count)
    var deletedItems = [Int](repeating: 0, count: before.count)
    var movedIn = [Int](repeating: 0, count: after.count)
    var movedOut = [Int](repeating: 0, count: before.count)
    for path in inserts { insertedItems[path.section] += 1 }
    for path in deletes { deletedItems[path.section] += 1 }
    for move in moves where newSection[move.from.section] != move.to.section {
      movedOut[move.from.section] += 1
      movedIn[move.to.section] += 1
    }
    for section in 0..<after.count {
      guard let old = oldSection[section] else { continue }
      let expected =
        before[old] + insertedItems[section] - deletedItems[old] + movedIn[section] - movedOut[old]
      guard after[section] != expected else { continue }
      throw Self.fail(
        "Invalid update: invalid number of \(words.items) in section \(section). The number of "
          + "\(words.items) contained in an existing section after the update (\(after[section])) "
          + "must be equal to the number of \(words.items) contained in that section before the "
          + "update (\(before[old])), plus or minus the number of \(words.items) inserted or "
          + "deleted from that section (\(insertedItems[section]) inserted, \(deletedItems[old]) "
          + "deleted) and plus or minus the number of \(words.items) moved into or out of that "
          + "section (\(movedIn[section]) moved in, \(movedOut[old]) moved out).")
    }
  }
}
