import PickerCore
import Testing

@Suite struct GridWindowTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var moves: [GridMove]
    var focus: Int
    var topRow: Int
    var testDescription: String { moves.map(\.rawValue).joined(separator: ",") }
  }

  // 10 items in 3 columns × 2 visible rows: rows 0…3, the last row holds one item (index 9).
  @Test(arguments: [
    Case(moves: [], focus: 0, topRow: 0),
    Case(moves: [.right, .right, .right], focus: 3, topRow: 0),
    Case(moves: [.left], focus: 0, topRow: 0),
    Case(moves: [.down], focus: 3, topRow: 0),
    Case(moves: [.down, .down], focus: 6, topRow: 1),
    Case(moves: [.down, .down, .down], focus: 9, topRow: 2),
    Case(moves: [.down, .down, .down, .down], focus: 9, topRow: 2),
    Case(moves: [.right, .right, .down, .down, .down], focus: 9, topRow: 2),
    Case(moves: [.up], focus: 0, topRow: 0),
    Case(moves: [.end], focus: 9, topRow: 2),
    Case(moves: [.end, .up], focus: 6, topRow: 2),
    Case(moves: [.end, .up, .up], focus: 3, topRow: 1),
    Case(moves: [.end, .home], focus: 0, topRow: 0),
    Case(moves: [.pageDown], focus: 6, topRow: 2),
    Case(moves: [.pageDown, .pageDown], focus: 9, topRow: 2),
    Case(moves: [.end, .pageUp], focus: 3, topRow: 0),
  ])
  func movesKeepTheFocusInsideTheWindow(_ test: Case) {
    var window = GridWindow(columns: 3, rows: 2, count: 10)
    for move in test.moves { window.move(move) }
    #expect(window.focus == test.focus)
    #expect(window.topRow == test.topRow)
    #expect(window.visibleRange.contains(window.focus))
  }

  @Test func visibleRangeIsTheWindowRowsClippedToTheCount() {
    var window = GridWindow(columns: 3, rows: 2, count: 10)
    #expect(window.visibleRange == 0..<6)
    window.move(.end)
    #expect(window.visibleRange == 6..<10)
  }

  @Test func shrinkingTheLibraryClampsFocusAndWindow() {
    var window = GridWindow(columns: 3, rows: 2, count: 10)
    window.move(.end)
    window.setCount(4)
    #expect(window.focus == 3)
    #expect(window.topRow == 0)
    window.setCount(0)
    #expect(window.focus == 0)
    #expect(window.visibleRange.isEmpty)
  }

  @Test func resizingKeepsTheFocusedItemVisible() {
    var window = GridWindow(columns: 3, rows: 2, count: 10)
    window.move(.end)
    window.resize(columns: 2, rows: 1)
    #expect(window.focus == 9)
    #expect(window.topRow == 4)
    #expect(window.visibleRange == 8..<10)
  }

  @Test func emptyGridIgnoresMoves() {
    var window = GridWindow(columns: 3, rows: 2, count: 0)
    for move in GridMove.allCases { window.move(move) }
    #expect(window == GridWindow(columns: 3, rows: 2, count: 0))
  }
}
