import FileSystem
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import PhotoLibrary

/// inotify watches follow their folder when it is renamed or moved: after the look at its new
/// place, changes inside it are still looked at there alone, not by a look at the whole library.
@Suite struct FolderWatcherMoveTests {
  /// The regions of every partial look, each walked for real (so watches are added as in a
  /// library's own partial look).
  final class Looks: Sendable {
    let regions = Mutex<[[LibraryRegion]]>([])

    func wait(until condition: ([[LibraryRegion]]) -> Bool) -> Bool {
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline {
        if regions.withLock({ condition($0) }) { return true }
        usleep(10_000)
      }
      return regions.withLock { condition($0) }
    }
  }

  static func watcher(
    _ root: URL, _ looks: Looks, changes: ChangeRecorder = ChangeRecorder()
  ) -> FolderWatcher {
    FolderWatcher(
      root: root,
      partialLook: { regions, _, willList in
        looks.regions.withLock { $0.append(regions) }
        let walker = FolderWalker(root: root)
        for region in regions {
          _ = walker.walk(
            from: region.folder, recursive: region.includesSubfolders, willList: willList)
        }
        return LibraryChange()
      }, handler: changes.record)
  }

  @Test(arguments: ["Trips 2024", "Archive/Trips"])
  func aRenamedOrMovedFolderIsStillLookedAtAlone(destination: String) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Trips/Day 1/a.jpg")
    try tree.file("Archive/old.jpg")
    let looks = Looks()
    let watcher = Self.watcher(tree.root, looks)
    watcher.start(.automatic)
    defer { watcher.cancel() }
    try #require(watcher.usesInotify)

    try FileManager.default.moveItem(
      at: tree.root.appendingPathComponent("Trips"),
      to: tree.root.appendingPathComponent(destination))
    #expect(looks.wait { $0.joined().contains { $0.folder == destination } })
    // Inside the moved folder and below it: each looked at where it is now.
    try tree.file("\(destination)/b.jpg")
    #expect(
      looks.wait {
        $0.last == [LibraryRegion(folder: destination, includesSubfolders: false)]
      })
    try tree.file("\(destination)/Day 1/c.jpg")
    #expect(
      looks.wait {
        $0.last == [LibraryRegion(folder: destination + "/Day 1", includesSubfolders: false)]
      })
  }

  @Test func aFolderReachedTwoWaysIsLookedAtWhole() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("Album/a.jpg")
    try tree.file("Other/b.jpg")
    // The first look follows the link and meets Album's watch under a second path.
    try tree.link("Linked", to: "Album")
    let looks = Looks()
    let changes = ChangeRecorder()
    let watcher = Self.watcher(tree.root, looks, changes: changes)
    watcher.start(.automatic)
    defer { watcher.cancel() }
    try #require(watcher.usesInotify)
    try tree.file("Other/c.jpg")
    #expect(looks.wait { $0.last == [LibraryRegion(folder: "Other", includesSubfolders: false)] })
    // An event in Album could be under either path: the whole library is looked at, and the
    // whole look (not the partial one, which reports nothing here) reports the new file.
    try tree.file("Album/d.jpg")
    #expect(changes.wait { $0.inserted.contains("Album/d.jpg") })
    #expect(!looks.regions.withLock { $0.joined().contains { $0.folder.hasPrefix("Album") } })
  }
}
