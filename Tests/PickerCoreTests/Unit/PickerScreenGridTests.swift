import Testing

@testable import PickerCore

/// The view-model's screen reads the ids of the grid's window only: a screen of a million
/// assets makes no id of the rest.
@Suite struct PickerScreenGridTests {
  /// Ids made on demand, remembering which positions were read.
  final class CountingIDs: RandomAccessCollection, @unchecked Sendable {
    let count: Int
    var read: Set<Int> = []

    init(count: Int) { self.count = count }

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> String {
      read.insert(position)
      return "IMG_\(position).jpg"
    }
  }

  @Test func aGridReadsOnlyItsWindowsIDs() {
    var window = GridWindow(columns: 4, rows: 3, count: 1_000_000)
    window.move(.end)
    let ids = CountingIDs(count: 1_000_000)
    let grid = PickerScreen.Grid(window: window, ids: ids) { _ in (nil, nil) }
    let visible = Set(window.visibleRange)
    #expect(grid.count == 1_000_000)
    #expect(grid.cells.joined().map(\.id) == window.visibleRange.map { "IMG_\($0).jpg" })
    #expect(ids.read.isSubset(of: visible.union([window.focus])))
  }
}
