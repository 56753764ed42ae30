import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// A scan reports how far it has got (files read of files found) as it goes, and gives what
/// `scan()` gives; an observation's baseline scan can run in the background, listing the
/// assets read so far until it ends.
@Suite struct ScanProgressTests {
  /// 45 photos with distinct dates and 5 other files.
  static func makeTree() throws -> LibraryTree {
    let tree = try LibraryTree("progress")
    for number in 0..<45 {
      try tree.file(String(format: "album/p%02d.jpg", number), mtime: instant(Double(number * 60)))
    }
    for number in 0..<5 { try tree.file("notes-\(number).txt", Array("text".utf8)) }
    return tree
  }

  @Test(arguments: [false, true])
  func scanWithProgressReportsTheWalkThenEveryFewFilesAndGivesScansResult(withIndex: Bool)
    throws
  {
    let tree = try Self.makeTree()
    defer { tree.remove() }
    let indexFolder = try LibraryTree("progress-index")
    defer { indexFolder.remove() }
    let library = FolderLibrary(
      root: tree.root, index: withIndex ? .folder(indexFolder.root) : .none)
    // A first open, then (with the index) a later one.
    for _ in 0..<2 {
      var reports: [ScanProgress] = []
      let result = library.scan { reports.append($0) }
      #expect(result == library.scan())
      #expect(result.assets.count == 45)
      #expect(reports.first == ScanProgress(filesRead: 0, filesFound: 50))
      #expect(reports.last == ScanProgress(filesRead: 50, filesFound: 50, isFinished: true))
      #expect(reports.allSatisfy { $0.filesFound == 50 })
      #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.filesRead <= $1.filesRead })
      #expect(reports.filter { $0.filesRead > 0 && $0.filesRead < 50 }.count >= 20)
      #expect(reports.filter(\.isFinished).count == 1)
      #expect(reports.allSatisfy { !$0.listingUpdated }, "nothing observes: no listing is kept")
    }
  }

  @Test func anObservedBaselineInTheBackgroundListsWhatIsReadSoFarThenTheFinalListing()
    async throws
  {
    let tree = try Self.makeTree()
    defer { tree.remove() }
    let library = FolderLibrary(root: tree.root, index: .none)
    let gate = DispatchSemaphore(value: 0)
    let reports = Mutex<[ScanProgress]>([])
    let observation = library.observe(
      detection: .polling(interval: .seconds(3600)),
      baselineProgress: { progress in
        reports.withLock { $0.append(progress) }
        if progress.filesRead == 0 { gate.wait() }
      }
    ) { _ in }
    defer { observation.cancel() }
    // The scan waits at its first report: the listing so far is empty, and no listing scans.
    #expect(try library.allAssets().isEmpty)
    #expect(library.currentScan().isProvisional)
    gate.signal()
    for _ in 0..<1000 where !reports.withLock({ $0.last?.isFinished ?? false }) {
      try await Task.sleep(for: .milliseconds(10))
    }
    let final = try #require(reports.withLock { $0.last })
    #expect(
      final == ScanProgress(filesRead: 50, filesFound: 50, listingUpdated: true, isFinished: true))
    #expect(!library.currentScan().isProvisional)
    let expected = FolderLibrary(root: tree.root, index: .none).scan().assets.map(\.id)
    #expect(try library.allAssets().map(\.id) == expected)
    #expect(expected.first == "album/p44.jpg", "newest first")
  }

  @Test func aLimitedSelectionIsNotPrunedAgainstAProvisionalListing() async throws {
    let tree = try Self.makeTree()
    defer { tree.remove() }
    let library = FolderLibrary(root: tree.root, index: .none)
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photosLimited)
    state.limitedSelection = ["album/p40.jpg"]
    let store = MemoryAuthorizationStore(["com.example.app": state])
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: library, store: store)
    let baseline = GatedBaseline(library)
    defer { baseline.cancel() }
    #expect(try session.fetchAssets().isEmpty, "nothing is read yet")
    #expect(try store.load(bundleID: "com.example.app").limitedSelection == ["album/p40.jpg"])
    baseline.release()
    try await baseline.waitUntilFinished()
    #expect(try session.fetchAssets().map(\.id) == ["album/p40.jpg"])
  }
}
