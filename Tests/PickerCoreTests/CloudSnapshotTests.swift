import PhotoLibrary
import PickerCore
import SnapshotTesting
import Testing

/// Assets in iCloud only on the picker's grid: a cloud on the tile, the download's progress,
/// its failure, and nothing once it finished (the asset is on the device then). Snapshots:
/// `__Snapshots__/CloudSnapshotTests/`.
@Suite struct CloudSnapshotTests {
  static func harness() -> PickerHarness {
    let harness = PickerHarness(
      ios: .iOS17,
      authorization: AuthorizationState(readWrite: .authorized, requestedLevels: [.readWrite])
    ).launch()
    harness.send(
      .libraryRead(
        LibraryContents(
          status: .authorized, assets: AssetFixtures.assets(6),
          readAt: AssetFixtures.asset(1).creationDate,
          offloaded: AssetIDSet(AssetFixtures.ids(1...3)))))
    return harness
  }

  @Test func offloadedDownloadingAndFailedTiles() {
    let harness = Self.harness()
    assertSnapshot(of: harness.text, as: .lines, named: "offloaded")
    harness.send(
      .cloudDownload(id: "IMG_0002.jpg", .progress(0.426)),
      .cloudDownload(id: "IMG_0003.jpg", .failed("the device is offline")))
    assertSnapshot(of: harness.text, as: .lines, named: "downloading")
    assertSnapshot(of: harness.driver.screen.json(), as: .lines, named: "downloading-json")
  }

  @Test func aFinishedDownloadLeavesNoCloud() {
    let harness = Self.harness()
    harness.send(
      .cloudDownload(id: "IMG_0001.jpg", .progress(0.5)),
      .cloudDownload(id: "IMG_0001.jpg", .finished))
    let cells = harness.driver.screen.grid?.cells.flatMap { $0 } ?? []
    #expect(cells.first { $0.id == "IMG_0001.jpg" }?.cloud == nil)
    #expect(cells.first { $0.id == "IMG_0002.jpg" }?.cloud == "☁")
    #expect(!harness.driver.state.offloaded.contains("IMG_0001.jpg"))
  }

  @Test(
    arguments: [
      (nil, false, nil), (nil, true, "☁"), (.progress(0), true, "☁ 0%"),
      (.progress(0.999), true, "☁ 99%"), (.failed("x"), true, "☁ failed"),
      (.finished, false, nil),
    ] as [(CloudDownloadStatus?, Bool, String?)])
  func theBadge(status: CloudDownloadStatus?, offloaded: Bool, badge: String?) {
    var state = PickerState()
    state.offloaded = offloaded ? ["a.jpg"] : []
    state.downloads["a.jpg"] = status
    #expect(state.cloudBadge("a.jpg") == badge)
  }
}
