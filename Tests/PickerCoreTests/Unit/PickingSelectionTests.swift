import PickerCore
import Testing

@Suite struct PickingSelectionTests {
  @Test func picksKeepTheOrderTheyWereMadeIn() {
    var picking = PickingSelection()
    for id in ["c", "a", "b"] { picking.toggle(id) }
    #expect(picking.ids == ["c", "a", "b"])
    #expect(picking.order(of: "a") == 2)
  }

  @Test func unpickingRemovesOnlyThatIdAndKeepsTheRestInOrder() {
    var picking = PickingSelection(ids: ["c", "a", "b"])
    picking.toggle("a")
    #expect(picking.ids == ["c", "b"])
    #expect(picking.order(of: "b") == 2)
    #expect(picking.order(of: "a") == nil)
  }

  @Test func theLimitRefusesFurtherPicksUntilOneIsRemoved() {
    var picking = PickingSelection(limit: 2)
    #expect(picking.toggle("a") == true)
    #expect(picking.toggle("b") == true)
    #expect(picking.isFull)
    #expect(picking.toggle("c") == false)
    #expect(picking.ids == ["a", "b"])
    picking.toggle("a")
    #expect(picking.toggle("c") == true)
    #expect(picking.ids == ["b", "c"])
  }

  @Test func idsThatAreNoLongerVisibleAreDropped() {
    var picking = PickingSelection(ids: ["a", "b", "c"])
    picking.keepOnly(["c", "a"])
    #expect(picking.ids == ["a", "c"])
  }
}
