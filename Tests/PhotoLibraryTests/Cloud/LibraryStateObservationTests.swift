import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// A change of the library's state kept in the state folder (iCloud, favourites and hidden),
/// committed by another process, reaches the folder's observers as a change of those assets;
/// one this process announced itself is not heard twice.
@Suite struct LibraryStateObservationTests {
  static let detections: [ChangeDetection] = [.automatic, .polling(interval: .milliseconds(50))]

  /// A library of `a.jpg` and `b.jpg`, a `FolderLibrary` over it to watch, and a second one:
  /// another process.
  static func libraries() throws -> (LibraryTree, FolderLibrary, FolderLibrary) {
    let tree = try LibraryTree()
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    try tree.file("b.jpg")
    func library() -> FolderLibrary {
      FolderLibrary(
        root: tree.root,
        attributesStore: LibraryAttributesStore(library: tree.root, stateDirectory: state),
        index: .none)
    }
    return (tree, library(), library())
  }

  @Test(arguments: detections)
  func anOffloadAndARestoreElsewhereAreHeard(detection: ChangeDetection) throws {
    let (tree, watched, other) = try Self.libraries()
    defer { tree.remove() }
    let recorder = ChangeRecorder()
    let observation = watched.observe(detection: detection) { recorder.record($0) }
    defer { observation.cancel() }

    try other.setOffloaded(true, for: ["a.jpg"])
    #expect(recorder.wait { $0.changed == ["a.jpg"] })
    try other.restoreAllFromCloud()
    #expect(recorder.wait { $0.changed == ["a.jpg", "a.jpg"] })
    // The network is no asset's.
    _ = try other.updateCloudNetwork { $0.isOffline = true }
    try other.setOffloaded(true, for: ["b.jpg"])
    #expect(recorder.wait { $0.changed == ["a.jpg", "a.jpg", "b.jpg"] })
    #expect(recorder.all.allSatisfy { $0.inserted.isEmpty && $0.removed.isEmpty })
  }

  @Test(arguments: detections)
  func aFavouriteOrHiddenFlagSetElsewhereIsHeard(detection: ChangeDetection) throws {
    let (tree, watched, other) = try Self.libraries()
    defer { tree.remove() }
    let recorder = ChangeRecorder()
    let observation = watched.observe(detection: detection) { recorder.record($0) }
    defer { observation.cancel() }
    let elsewhere = PhotoLibrarySession(
      bundleID: "com.example.other", ios: .iOS17, backend: other,
      store: MemoryAuthorizationStore([
        "com.example.other": AuthorizationState(readWrite: .authorized)
      ]))

    try elsewhere.set(.favorite, true, for: ["b.jpg"])
    #expect(recorder.wait { $0.changed == ["b.jpg"] })
    try elsewhere.set(.hidden, true, for: ["a.jpg", "b.jpg"])
    #expect(recorder.wait { $0.changed == ["b.jpg", "a.jpg", "b.jpg"] })
    #expect(try watched.allAssets().filter(\.isFavorite).map(\.id) == ["b.jpg"])
  }

  @Test func whatThisProcessAnnouncedItselfIsNotHeardAgain() throws {
    let (tree, watched, other) = try Self.libraries()
    defer { tree.remove() }
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .iOS17, backend: watched,
      store: MemoryAuthorizationStore([
        "com.example.app": AuthorizationState(readWrite: .authorized)
      ]))
    let heard = CloudStateTests.Heard()
    session.register { heard.append($0) }
    let recorder = ChangeRecorder()
    let observation = watched.observe { recorder.record($0) }
    defer { observation.cancel() }

    try session.setOffloaded(true, for: ["a.jpg"])
    try session.set(.favorite, true, for: ["a.jpg"])
    // Another process's change after them: once it is heard, theirs would have been too.
    try other.setOffloaded(true, for: ["b.jpg"])
    #expect(recorder.wait { !$0.changed.isEmpty })
    #expect(recorder.changed == ["b.jpg"])
    #expect(heard.count == 2)
  }

  @Test func aMarkDroppedWithAReplacedFileIsNoChange() throws {
    let (tree, watched, other) = try Self.libraries()
    defer { tree.remove() }
    try other.setOffloaded(true, for: ["a.jpg"])
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a.jpg"))
    try tree.file("a.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 10:00:00"))
    let recorder = ChangeRecorder()
    let observation = watched.observe { recorder.record($0) }
    defer { observation.cancel() }

    // Restoring the old record: the file at a.jpg was never in iCloud.
    try other.restoreAllFromCloud()
    try other.setOffloaded(true, for: ["b.jpg"])
    #expect(recorder.wait { !$0.changed.isEmpty })
    #expect(recorder.changed == ["b.jpg"])
  }

  @Test func aStateFolderThatCannotBeWatchedIsPolled() throws {
    let (tree, watched, other) = try Self.libraries()
    defer { tree.remove() }
    let store = try #require(watched.attributesStore)
    let folder = store.store.url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let recorder = ChangeRecorder()
    let watcher = FolderWatcher(
      root: tree.root,
      addWatch: FolderWatcherLimitTests.addWatch(refusing: [folder.lastPathComponent]),
      stateFiles: LibraryStateFiles(attributes: store), handler: recorder.record)
    watcher.start(.automatic)
    defer { watcher.cancel() }
    #expect(watcher.usesInotify)
    try other.setOffloaded(true, for: ["a.jpg"])
    #expect(recorder.wait { $0.changed == ["a.jpg"] })
    // The folder itself is still watched by inotify.
    try tree.file("c.jpg")
    #expect(recorder.wait { $0.inserted == ["c.jpg"] })
  }
}
