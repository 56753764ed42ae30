import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// A baseline's large folders kept in a spill file: the same files, lookups and differences
/// as in memory, and a file that stays the size of one snapshot however many looks replace
/// its folders.
@Suite struct SnapshotSpillTests {
  static func item(_ inode: UInt64, image: Bool = true) -> FolderSnapshot.Item {
    FolderSnapshotTests.item(inode, image: image)
  }

  /// `count` files in each of `folders` (every tenth not an image), some names decomposed
  /// ("é" as e and U+0301), set in walk order, which is not their bytes' order.
  static func files(folders: [String], count: Int, inodeBase: UInt64 = 0)
    -> [(String, FolderSnapshot.Item)]
  {
    var files: [(String, FolderSnapshot.Item)] = []
    for (place, folder) in folders.enumerated() {
      for number in 0..<count {
        let name = number % 7 == 0 ? "cafe\u{301}-\(number).jpg" : "IMG_\(10_000 + number).JPG"
        let inode = inodeBase + UInt64(place * 100_000 + number)
        files.append(
          (FolderSnapshot.id(folder, name), item(inode, image: number % 10 != 0)))
      }
    }
    return files.sorted { $0.0 < $1.0 }
  }

  static func snapshot(
    _ files: [(String, FolderSnapshot.Item)], spillingTo file: SpillFile?
  )
    -> FolderSnapshot
  {
    var snapshot = FolderSnapshot()
    snapshot.spillFile = file
    for (id, item) in files { snapshot[id] = item }
    snapshot.compact()
    return snapshot
  }

  static func spillFile() throws -> (SpillFile, URL) {
    let folder = try TestPaths.makeTemporaryDirectory("spill")
    return (try #require(SpillFile.make(in: folder.path)), folder)
  }

  @Test func aSpilledSnapshotHoldsTheFilesOfOneInMemory() throws {
    let (file, folder) = try Self.spillFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files =
      Self.files(folders: ["", "Trips", "Trips/Rome"], count: 300)
      + Self.files(folders: ["Small"], count: 5)
    let spilled = Self.snapshot(files, spillingTo: file)
    let held = Self.snapshot(files, spillingTo: nil)
    #expect(spilled.folders["Trips"]?.isSpilled == true)
    #expect(spilled.folders[""]?.isSpilled == true)
    // Fewer files than the threshold: kept in memory.
    #expect(spilled.folders["Small"]?.isSpilled == false)
    #expect(held.folders.values.allSatisfy { !$0.isSpilled })
    #expect(spilled.folders == held.folders)
    #expect(spilled.imageIDs == held.imageIDs)
    for (id, item) in files { #expect(spilled[id] == item, "\(id)") }
    #expect(spilled["Trips/none.jpg"] == nil)
    #expect(spilled.changes(since: held).isEmpty)
    #expect(held.changes(since: spilled).isEmpty)
    // The folder's bytes are in the file, not in memory: no folder of the file is empty.
    #expect(file.size.end > 900 * 8)
  }

  @Test func differencesAndLooksAtSpilledFoldersAreThoseOfFoldersInMemory() throws {
    let (file, folder) = try Self.spillFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = Self.files(folders: ["A", "B", "C"], count: 200)
    var spilled = Self.snapshot(files, spillingTo: file)
    var held = Self.snapshot(files, spillingTo: nil)
    // B's files: the first ten removed, one changed, two added; C gone.
    var fresh = files.filter { $0.0.hasPrefix("B/") }.dropFirst(10).map { $0 }
    fresh[5].1 = Self.item(999_999)
    fresh += [
      ("B/new-1.jpg", Self.item(1_000_001)), ("B/new-2.txt", Self.item(1_000_002, image: false)),
    ]
    let look = FolderSnapshotTests.snapshot(fresh)
    let regions = [
      LibraryRegion(folder: "B", includesSubfolders: true),
      LibraryRegion(folder: "C", includesSubfolders: true),
    ]
    let spilledChange = spilled.replace(in: regions, with: look)
    let heldChange = held.replace(in: regions, with: look)
    #expect(spilledChange == heldChange)
    #expect(spilledChange.inserted == ["B/new-1.jpg"])
    #expect(spilledChange.changed == [fresh[5].0])
    #expect(spilledChange.removed.count == 9 + 180)
    #expect(spilled.folders == held.folders)
    #expect(spilled.folders["B"]?.isSpilled == true)
    #expect(spilled.folders["C"] == nil)
  }

  @Test func replacedFoldersGiveTheirRoomBack() throws {
    let (file, folder) = try Self.spillFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = Self.files(folders: ["A", "B"], count: 500)
    var snapshot = Self.snapshot(files, spillingTo: file)
    let size = file.size.end
    for round in 1...50 {
      let fresh = Self.files(folders: ["B"], count: 500, inodeBase: UInt64(round) << 32)
      let change = snapshot.replace(
        in: [LibraryRegion(folder: "B", includesSubfolders: true)],
        with: FolderSnapshotTests.snapshot(fresh))
      #expect(change.changed.count == 450)
    }
    #expect(file.size.end <= 2 * size, "\(file.size) after 50 looks; \(size) at first")
    // A copy keeps its folders' bytes until it goes.
    var copy: FolderSnapshot? = snapshot
    snapshot = FolderSnapshot()
    #expect(file.size.end > 0)
    copy = nil
    #expect(copy == nil)
    #expect(file.size == (0, 0))
  }

  @Test func aWalkComparedWithASpilledBaselineKeepsWhatDidNotChange() throws {
    let library = try TestPaths.makeTemporaryDirectory("spill-walk")
    defer { try? FileManager.default.removeItem(at: library) }
    let (file, folder) = try Self.spillFile()
    defer { try? FileManager.default.removeItem(at: folder) }
    for sub in ["A", "B"] {
      let path = library.appendingPathComponent(sub)
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
      for number in 0..<100 {
        try Data("not an image \(number)".utf8).write(
          to: path.appendingPathComponent("note-\(number).txt"))
      }
    }
    let walker = FolderWalker(root: library)
    var baseline = FolderSnapshot.take(walker, previous: FolderSnapshot(), willList: { _ in })
    baseline.spillFile = file
    baseline.compact()
    #expect(baseline.folders["A"]?.isSpilled == true)
    try Data("more".utf8).write(to: library.appendingPathComponent("B/note-0.txt"))
    let next = FolderSnapshot.take(walker, previous: baseline, willList: { _ in })
    #expect(next.folders["B"]?.isSpilled == true)
    #expect(next["B/note-0.txt"] != baseline["B/note-0.txt"])
    #expect(next["A/note-1.txt"] == baseline["A/note-1.txt"])
  }

  @Test func noSpillFileWhereNoneCanBeMade() {
    #expect(SpillFile.make(in: "/nonexistent/folder") == nil)
    #expect(FolderSnapshot.spillFile(beside: .none) == nil)
  }
}
