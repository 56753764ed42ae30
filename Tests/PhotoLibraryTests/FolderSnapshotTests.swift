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

  /// A folder's files are kept by the bytes of their names: "été" precomposed and decomposed
  /// are two files (equal Swift strings), each told apart when one changes or goes.
  @Test func namesAreKeptByTheirBytes() {
    let composed = "Trips/\u{e9}t\u{e9}.jpg"
    let decomposed = "Trips/e\u{301}te\u{301}.jpg"
    let before = Self.snapshot([(composed, Self.item(1)), (decomposed, Self.item(2))])
    #expect(before[composed] == Self.item(1) && before[decomposed] == Self.item(2))
    var after = before
    after[decomposed] = Self.item(3)
    #expect(after.changes(since: before).changed == [decomposed])
    after[composed] = nil
    let change = after.changes(since: before)
    #expect(change.removed == [composed] && change.changed == [decomposed])
  }

  /// Files set in any order (a walk's order is Swift's, not the bytes') are found before and
  /// after their lists are sorted, kept in the order of their names' bytes, and merged with a
  /// look's, whose items win.
  @Test func filesSetInAnyOrderAreFoundAndMerged() {
    var random = SeededGenerator(seed: 7)
    let names = (0..<500).map { "F/\($0 % 7 == 0 ? "\u{e9}" : "e")\($0).jpg" }
    var snapshot = FolderSnapshot()
    for (number, name) in names.enumerated().shuffled(using: &random) {
      snapshot[name] = Self.item(UInt64(number))
    }
    // Before the lists are sorted: found, set again (the last one set is kept), removed.
    #expect(snapshot["F/e1.jpg"] == Self.item(1))
    snapshot["F/e2.jpg"] = Self.item(2_000)
    snapshot["F/e3.jpg"] = nil
    #expect(snapshot["F/e2.jpg"] == Self.item(2_000) && snapshot["F/e3.jpg"] == nil)
    snapshot["F/e2.jpg"] = Self.item(2)
    snapshot["F/e3.jpg"] = Self.item(3)
    snapshot.compact()
    for (number, name) in names.enumerated() {
      #expect(snapshot[name] == Self.item(UInt64(number)))
    }
    let files = snapshot.folders["F"]?.map(\.name) ?? []
    #expect(
      files == names.map { String($0.dropFirst(2)) }.sorted { FolderLibrary.idPrecedes($0, $1) })
    var fresh = FolderSnapshot()
    fresh["F/e1.jpg"] = Self.item(1_000)
    fresh["F/new.jpg"] = Self.item(1_001)
    let change = snapshot.replace(
      in: [LibraryRegion(folder: "F", includesSubfolders: false)], with: fresh)
    #expect(change.inserted == ["F/new.jpg"] && change.changed == ["F/e1.jpg"])
    #expect(change.removed.count == names.count - 1)
    #expect(snapshot["F/e1.jpg"] == Self.item(1_000) && snapshot["F/e2.jpg"] == nil)
  }
}
