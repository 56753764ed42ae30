import Foundation
import PhotoKitCompat
import Testing

/// UIKit's checks of a batch update, rule by rule, with the exact reason each raises.
@Suite struct BatchUpdateRuleTests {
  typealias Op = BatchUpdate.Operation

  static func path(_ item: Int, _ section: Int = 0) -> IndexPath {
    IndexPath(item: item, section: section)
  }

  static func printed(_ item: Int, _ section: Int = 0) -> String {
    "<NSIndexPath: 0x…> {length = 2, path = \(section) - \(item)}"
  }

  /// One row: counts per section before and after, the calls, and the reason UIKit raises
  /// (nil: the batch is valid).
  struct Row: Sendable, CustomStringConvertible {
    let name: String
    let before: [Int]
    let after: [Int]
    let operations: [Op]
    let reason: String?
    var description: String { name }
  }

  static let rows: [Row] = [
    Row(
      name: "deletes, inserts and a move that add up", before: [4], after: [5],
      operations: [
        .insertItems([path(0), path(4)]), .deleteItems([path(1)]), .moveItem(path(3), path(1)),
      ],
      reason: nil),
    Row(
      name: "call order does not matter", before: [3], after: [3],
      operations: [.insertItems([path(2)]), .deleteItems([path(2)])], reason: nil),
    Row(
      name: "a count that does not add up", before: [4], after: [5], operations: [],
      reason:
        "Invalid update: invalid number of items in section 0. The number of items contained in "
        + "an existing section after the update (5) must be equal to the number of items "
        + "contained in that section before the update (4), plus or minus the number of items "
        + "inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the "
        + "number of items moved into or out of that section (0 moved in, 0 moved out)."),
    Row(
      name: "a delete past the end before", before: [5], after: [4],
      operations: [.deleteItems([path(5)])],
      reason:
        "attempt to delete item 5 from section 0 which only contains 5 items before the update"),
    Row(
      name: "an insert past the end after", before: [2], after: [3],
      operations: [.insertItems([path(3)])],
      reason:
        "attempt to insert item 3 into section 0, but there are only 3 items in section 0 after the update"
    ),
    Row(
      name: "a delete in a section that does not exist", before: [2], after: [2],
      operations: [.deleteItems([path(0, 1)])],
      reason:
        "attempt to delete item 0 from section 1, but there are only 1 sections before the update"),
    Row(
      name: "reloading a deleted index path", before: [4], after: [3],
      operations: [.deleteItems([path(2)]), .reloadItems([path(2)])],
      reason: "attempt to delete and reload the same index path (\(printed(2)))"),
    Row(
      name: "a reload past the end is a delete past the end", before: [2], after: [2],
      operations: [.reloadItems([path(2)])],
      reason:
        "attempt to delete item 2 from section 0 which only contains 2 items before the update"),
    Row(
      name: "a reload counts as a delete and an insert", before: [3], after: [3],
      operations: [.reloadItems([path(1)])], reason: nil),
    Row(
      name: "deleting what is also moved", before: [3], after: [3],
      operations: [.deleteItems([path(1)]), .moveItem(path(1), path(2))],
      reason: "attempt to perform a delete and a move from the same index path (\(printed(1)))"),
    Row(
      name: "inserting where an item is moved to", before: [3], after: [3],
      operations: [.insertItems([path(2)]), .moveItem(path(0), path(2))],
      reason: "attempt to perform an insert and a move to the same index path (\(printed(2)))"),
    Row(
      name: "moving from past the end", before: [2], after: [3],
      operations: [.insertItems([path(0)]), .moveItem(path(2), path(1))],
      reason:
        "attempt to move index path (\(printed(2))) that does not exist - there are only 2 items "
        + "in section 0 before the update"),
    Row(
      name: "moving to past the end", before: [3], after: [3],
      operations: [.moveItem(path(0), path(3))],
      reason:
        "attempt to move index path (\(printed(0))) to index path (\(printed(3))) that does not "
        + "exist - there are only 3 items in section 0 after the update"),
    Row(
      name: "the same move twice counts once", before: [3], after: [3],
      operations: [.moveItem(path(0), path(2)), .moveItem(path(0), path(2))], reason: nil),
    Row(
      name: "one item moved to two places", before: [3], after: [3],
      operations: [.moveItem(path(0), path(2)), .moveItem(path(0), path(1))],
      reason:
        "attempt to move item at index path \(printed(0)) to both \(printed(2)) and \(printed(1))"),
    Row(
      name: "two items moved to one place", before: [3], after: [3],
      operations: [.moveItem(path(0), path(2)), .moveItem(path(1), path(2))],
      reason:
        "attempt to move both item at index path \(printed(0)) and \(printed(1)) to \(printed(2))"),
    Row(
      name: "a move between sections", before: [2, 2], after: [1, 3],
      operations: [.moveItem(path(0, 0), path(0, 1))], reason: nil),
    Row(
      name: "a move between sections the data source missed", before: [2, 2], after: [2, 2],
      operations: [.moveItem(path(0, 0), path(0, 1))],
      reason:
        "Invalid update: invalid number of items in section 0. The number of items contained in "
        + "an existing section after the update (2) must be equal to the number of items "
        + "contained in that section before the update (2), plus or minus the number of items "
        + "inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the "
        + "number of items moved into or out of that section (0 moved in, 1 moved out)."),
    Row(
      name: "sections inserted and deleted", before: [2, 3], after: [4, 3],
      operations: [.deleteSections([0]), .insertSections([0])], reason: nil),
    Row(
      name: "a section count that does not add up", before: [1], after: [1, 1], operations: [],
      reason:
        "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (2) must be equal to the number of sections "
        + "contained in the collection view before the update (1), plus or minus the number of "
        + "sections inserted or deleted (0 inserted, 0 deleted)."),
    Row(
      name: "moving out of a deleted section", before: [2, 2], after: [3],
      operations: [.deleteSections([0]), .moveItem(path(0, 0), path(0, 0))],
      reason: "cannot move an item from a deleted section (0)"),
  ]

  @Test(arguments: rows)
  func collectionViewRules(row: Row) {
    let reason: String?
    do {
      try BatchUpdate(row.operations).validate(
        .collectionView, before: row.before, after: row.after)
      reason = nil
    } catch {
      reason = error.reason
    }
    #expect(reason == row.reason)
  }

  /// A table view says rows, and table view.
  @Test func tableViewWords() {
    #expect(
      throws: UIKitInconsistency(
        reason:
          "attempt to delete row 5 from section 0 which only contains 5 rows before the update")
    ) {
      try BatchUpdate([.deleteItems([Self.path(5)])]).validate(.tableView, before: [5], after: [4])
    }
    #expect(
      throws: UIKitInconsistency(
        reason:
          "Invalid update: invalid number of rows in section 0. The number of rows contained in an "
          + "existing section after the update (5) must be equal to the number of rows contained "
          + "in that section before the update (4), plus or minus the number of rows inserted or "
          + "deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows "
          + "moved into or out of that section (0 moved in, 0 moved out).")
    ) {
      try BatchUpdate().validate(.tableView, before: [4], after: [5])
    }
  }

  /// The views: the counts they show, a batch that adds up, a lone call as a batch of its
  /// own, the handler instead of a crash, and the data source read again after `reloadData()`.
  @Test func theViewsCheckWhatTheyShow() {
    final class Source: NSObject, UICollectionViewDataSource, UITableViewDataSource {
      var count = 3
      func collectionView(_ view: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        count
      }
      func collectionView(_ view: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
      { view.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) }
      func tableView(_ view: UITableView, numberOfRowsInSection section: Int) -> Int { count }
      func tableView(_ view: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        view.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
      }
    }
    let source = Source()
    let grid = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    let table = UITableView(frame: .zero, style: .plain)
    grid.dataSource = source
    table.dataSource = source
    var raised: [String] = []
    grid.inconsistencyHandler = { raised.append("grid: " + $0.reason) }
    table.inconsistencyHandler = { raised.append("table: " + $0.reason) }
    #expect(grid.numberOfItems(inSection: 0) == 3 && table.numberOfRows(inSection: 0) == 3)
    source.count = 4
    var completed = false
    grid.performBatchUpdates({ grid.insertItems(at: [Self.path(3)]) }) { completed = $0 }
    table.beginUpdates()
    table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    table.endUpdates()
    #expect(completed && raised.isEmpty)
    #expect(grid.numberOfItems(inSection: 0) == 4 && table.numberOfRows(inSection: 0) == 4)
    source.count = 2
    grid.deleteItems(at: [Self.path(0)])
    table.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    #expect(raised.count == 2)
    #expect(raised.first?.hasPrefix("grid: Invalid update: invalid number of items") == true)
    #expect(raised.last?.hasPrefix("table: Invalid update: invalid number of rows") == true)
    source.count = 7
    grid.reloadData()
    #expect(grid.numberOfItems(inSection: 0) == 7)
  }
}
