import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// A complete scan leaves its first assets in the index; a later observation in the background
/// starts from them (as far as their files did not change) before its walk has listed anything.
@Suite struct RememberedListingTests {
  /// 45 photos a minute apart (album/p44.jpg newest), recorded in the index as settled files.
  static func makeFixture() throws -> IndexFixture {
    let fixture = try IndexFixture()
    for number in 0..<45 {
      try fixture.tree.file(
        String(format: "album/p%02d.jpg", number), mtime: instant(Double(number * 60)))
    }
    _ = try fixture.facts()
    return fixture
  }

  @Test func aCompleteScanRemembersItsFirstAssetsInItsOrder() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    #expect(fixture.library.rememberedFirstScreen().isEmpty, "nothing listed yet")
    let scan = fixture.library.scan()
    #expect(fixture.library.rememberedFirstScreen() == Array(scan.assets))
    #expect(scan.assets.first?.id == "album/p44.jpg")
  }

  @Test func filesChangedOrGoneSinceAreLeftOut() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    let scan = fixture.library.scan()
    try FileManager.default.removeItem(
      at: fixture.tree.root.appendingPathComponent("album/p44.jpg"))
    try fixture.tree.file("album/p43.jpg", FolderFixtures.jpeg(), mtime: instant(43 * 60))
    let remembered = fixture.library.rememberedFirstScreen().map(\.id)
    #expect(remembered == scan.assets.dropFirst(2).map(\.id))
  }

  @Test func aFileNameWithALineBreakIsLeftOutAndTheOthersStay() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    // Its two halves name files of the library: read back as lines, they would come twice.
    try fixture.tree.file("album/p44.jpg\nalbum/p43.jpg", mtime: instant(99 * 60))
    _ = try fixture.facts()
    let scan = fixture.library.scan()
    #expect(scan.assets.first?.id == "album/p44.jpg\nalbum/p43.jpg")
    let remembered = fixture.library.rememberedFirstScreen().map(\.id)
    #expect(remembered == scan.assets.dropFirst().map(\.id))
  }

  @Test func withoutAnIndexNothingIsRemembered() throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    let library = FolderLibrary(root: fixture.tree.root, index: .none)
    _ = library.scan()
    #expect(library.rememberedFirstScreen().isEmpty)
  }

  @Test func aLaterObservationListsTheRememberedAssetsBeforeItsScanReadsAnything() async throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    let expected = fixture.library.scan().assets.map(\.id)
    let library = fixture.library
    let baseline = GatedBaseline(library)
    defer { baseline.cancel() }
    // The scan waits at its first report: the listing is the remembered one.
    #expect(library.currentScan().isProvisional)
    #expect(try library.allAssets().map(\.id) == expected)
    baseline.release()
    try await baseline.waitUntilFinished()
    #expect(!library.currentScan().isProvisional)
    #expect(try library.allAssets().map(\.id) == expected)
  }

  @Test func aScanStartedFromARememberedScreenListsNothingNewUntilItEnds() async throws {
    let fixture = try Self.makeFixture()
    defer { fixture.remove() }
    _ = fixture.library.scan()
    let library = fixture.library
    let reports = Mutex<[ScanProgress]>([])
    let observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        reports.withLock { $0.append(progress) }
        // Past the interval after which a scan without a remembered screen lists anew.
        if progress.filesRead == 0 { usleep(400_000) }
      }
    ) { _ in }
    defer { observation.cancel() }
    for _ in 0..<1000 where !reports.withLock({ $0.last?.isFinished ?? false }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    let all = reports.withLock { $0 }
    #expect(all.count > 2)
    #expect(all.filter(\.listingUpdated) == [all.last], "only the final listing replaces it")
  }

  @Test func aProvisionalListingKeepsTheRememberedAssetsTheScanHasNotReadYet() {
    func asset(_ id: String, minute: Double) -> Asset {
      Asset(
        id: id, url: URL(fileURLWithPath: "/library/" + id), creationDate: instant(minute * 60),
        pixelWidth: 4, pixelHeight: 2, album: nil)
    }
    let snapshot = ScanSnapshot()
    snapshot.observationStarted()
    snapshot.beginProvisional(from: [asset("c.jpg", minute: 3), asset("a.jpg", minute: 1)])
    #expect(snapshot.current?.assets.map(\.id) == ["c.jpg", "a.jpg"])
    // The scan read a.jpg (now dated later) and a new b.jpg.
    #expect(snapshot.keepProvisional([asset("b.jpg", minute: 2), asset("a.jpg", minute: 9)]))
    #expect(snapshot.current?.assets.map(\.id) == ["a.jpg", "c.jpg", "b.jpg"])
    #expect(snapshot.current?.isProvisional == true)
    snapshot.replace(
      with: FolderScan(assets: [asset("b.jpg", minute: 2)], problems: []),
      startedAt: snapshot.generation)
    #expect(
      snapshot.current?.assets.map(\.id) == ["b.jpg"], "the final listing keeps no remembered asset"
    )
  }
}
