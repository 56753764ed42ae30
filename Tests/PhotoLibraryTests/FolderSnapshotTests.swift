import FileSystem
import Testing

@testable import PhotoLibrary

/// The watcher's record of the folder by folder: a look at some folders replaces theirs only,
/// and tells what changed among their images.
@Suite struct FolderSnapshotTests {
  static func item(_ inode: UInt64, image: Bool = true) -> FolderSnapshot.Item {
    FolderSnapshot.Item(
      signature: FileSignature(
        device: 1, inode: inode, size: 10, modificationSeconds: 0, modificationNanoseconds: 0,
        changeSeconds: 0, changeNanoseconds: 0),
      isImage: image)
  }

  static func snapshot(_ items: [(String, FolderSnapshot.Item)]) -> FolderSnapshot {
    var snapshot = FolderSnapshot()
    for (id, item) in items { snapshot[id] = item }
    return snapshot
  }

  @Test func aLookAtOneFolderReplacesItsFilesAndBelowOnly() {
    var snapshot = Self.snapshot([
      ("a.jpg", Self.item(1)), ("Trips", Self.item(2)), ("Trips2/x.jpg", Self.item(3)),
      ("Other/y.jpg", Self.item(4)), ("Other/z.txt", Self.item(5, image: false)),
      ("Trips/Rome/old.jpg", Self.item(6)), ("Trips/kept.jpg", Self.item(7)),
      ("Trips/edited.jpg", Self.item(8)),
    ])
    let fresh = Self.snapshot([
      ("Trips/new.jpg", Self.item(10)), ("Trips/kept.jpg", Self.item(7)),
      ("Trips/edited.jpg", Self.item(11)), ("Trips/Rome/r.jpg", Self.item(12)),
    ])
    let change = snapshot.replace(
      in: [LibraryRegion(folder: "Trips", includesSubfolders: true)], with: fresh)
    #expect(change.inserted == ["Trips/Rome/r.jpg", "Trips/new.jpg"])
    #expect(change.removed == ["Trips", "Trips/Rome/old.jpg"])
    #expect(change.changed == ["Trips/edited.jpg"])
    #expect(snapshot["Trips"] == nil)
    #expect(snapshot["Trips/Rome/old.jpg"] == nil)
    #expect(snapshot["Trips/new.jpg"] == Self.item(10))
    for id in ["a.jpg", "Trips2/x.jpg", "Other/y.jpg", "Other/z.txt"] {
      #expect(snapshot[id] != nil, "\(id) is outside the region")
    }
  }

  @Test func changesTellImagesOnly() {
    let before = Self.snapshot([
      ("a.jpg", Self.item(1)), ("b.txt", Self.item(2, image: false)), ("F/c.jpg", Self.item(3)),
      ("F/d.jpg", Self.item(4)),
    ])
    let after = Self.snapshot([
      ("a.jpg", Self.item(9)), ("b.txt", Self.item(2)), ("F/d.jpg", Self.item(4)),
      ("G/e.jpg", Self.item(5)), ("G/f.txt", Self.item(6, image: false)),
    ])
    let change = after.changes(since: before)
    #expect(change.inserted == ["G/e.jpg", "b.txt"])
    #expect(change.removed == ["F/c.jpg"])
    #expect(change.changed == ["a.jpg"])
  }
}
