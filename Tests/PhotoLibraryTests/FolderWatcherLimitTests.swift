import FileSystem
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// When inotify runs out of watches (`fs.inotify.max_user_watches`), the watcher says so once
/// and looks at the folders it could not watch every second instead: no change is lost.
@Suite struct FolderWatcherLimitTests {
  /// `inotify_add_watch` that fails with `ENOSPC` (out of watches) for folders named in
  /// `refused`, and works for the others.
  static func addWatch(refusing refused: Set<String>) -> FolderWatcher.AddWatch {
    { fd, path, mask in
      if refused.contains((path as NSString).lastPathComponent) { return (-1, ENOSPC) }
      return FolderWatcher.systemAddWatch(fd, path, mask)
    }
  }

  final class Notices: Sendable {
    let texts = Mutex<[String]>([])
    func record(_ text: String) { texts.withLock { $0.append(text) } }
    var all: [String] { texts.withLock { $0 } }
  }

  @Test func aFolderThatCannotBeWatchedIsPolledAndTheUserIsTold() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Watched/a.jpg")
    try tree.file("Crowded/b.jpg")
    let changes = ChangeRecorder()
    let notices = Notices()
    let watcher = FolderWatcher(
      root: tree.root, addWatch: Self.addWatch(refusing: ["Crowded"]),
      notice: notices.record, handler: changes.record)
    watcher.start(.automatic)
    defer { watcher.cancel() }
    #expect(watcher.usesInotify)
    let notice = try #require(notices.all.first)
    #expect(notice.contains("fs.inotify.max_user_watches"))
    #expect(notice.contains("every second"))
    #expect(notice.contains(tree.root.path))

    // A change where inotify does not watch is found by polling; one where it watches, by
    // its event; the notice is not repeated.
    try tree.file("Crowded/c.jpg")
    #expect(changes.wait { $0.inserted.contains("Crowded/c.jpg") })
    try tree.file("Watched/d.jpg")
    #expect(changes.wait { $0.inserted.contains("Watched/d.jpg") })
    #expect(notices.all.count == 1)
  }

  @Test func onlyTheFoldersNotWatchedArePolled() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Watched/a.jpg")
    try tree.file("Crowded/b.jpg")
    let looks = FolderWatcherMoveTests.Looks()
    let notices = Notices()
    let watcher = FolderWatcher(
      root: tree.root,
      partialLook: { regions, _, _ in
        looks.regions.withLock { $0.append(regions) }
        return LibraryChange()
      }, addWatch: Self.addWatch(refusing: ["Crowded"]), notice: notices.record,
      handler: { _ in })
    watcher.start(.automatic)
    defer { watcher.cancel() }
    #expect(
      looks.wait { $0.contains([LibraryRegion(folder: "Crowded", includesSubfolders: true)]) })
    #expect(!looks.regions.withLock { $0.contains { $0.contains { $0.folder.isEmpty } } })
  }

  @Test func aWatcherWithEveryFolderWatchedSaysNothing() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Watched/a.jpg")
    let changes = ChangeRecorder()
    let notices = Notices()
    let watcher = FolderWatcher(
      root: tree.root, addWatch: Self.addWatch(refusing: []), notice: notices.record,
      handler: changes.record)
    watcher.start(.automatic)
    defer { watcher.cancel() }
    try tree.file("Watched/b.jpg")
    #expect(changes.wait { $0.inserted.contains("Watched/b.jpg") })
    #expect(notices.all.isEmpty)
  }
}
