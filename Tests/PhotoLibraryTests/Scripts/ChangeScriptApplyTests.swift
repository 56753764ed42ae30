import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// A library folder with a state folder for its favourites, and a folder of files to insert.
struct ScriptedLibrary {
  let tree: LibraryTree
  let state: URL
  let sources: URL
  let library: FolderLibrary

  init() throws {
    tree = try LibraryTree("scripted")
    state = try TestPaths.makeTemporaryDirectory("scripted-state")
    sources = try TestPaths.makeTemporaryDirectory("scripted-sources")
    library = FolderLibrary(
      root: tree.root,
      attributesStore: LibraryAttributesStore(library: tree.root, stateDirectory: state),
      index: .none)
  }

  /// A file to insert, `name` in the sources folder.
  func source(_ name: String, _ bytes: [UInt8] = FolderFixtures.jpeg4x2) throws -> URL {
    let url = sources.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  /// The plan of `text` (FILE paths from the sources folder).
  func plan(_ text: String) throws -> ChangeScriptPlan {
    try ChangeScriptPlan(
      ChangeScript.parse(text, file: "test.txt", baseDirectory: sources), library: library)
  }

  /// Every file below the root, hidden ones left out, sorted.
  var files: [String] {
    let enumerator = FileManager.default.enumerator(atPath: tree.root.path)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: tree.root.appendingPathComponent(path).path, isDirectory: &isDirectory)
      if !isDirectory.boolValue, !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  var attributes: LibraryAttributes {
    get throws { try library.attributesStore!.load() }
  }

  func remove() {
    tree.remove()
    try? FileManager.default.removeItem(at: state)
    try? FileManager.default.removeItem(at: sources)
  }
}

/// Planning (the dry run) and applying scripts to a folder library.
@Suite struct ChangeScriptApplyTests {
  @Test func aPlanSaysWhatEachTransactionDoesAndTouchesNothing() throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg", mtime: Date(timeIntervalSince1970: 1_000))
    try lib.tree.file("Trips/b.jpg", mtime: Date(timeIntervalSince1970: 2_000))
    _ = try lib.source("new.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2030:01:01 10:00:00"))
    let before = lib.files
    let plan = try lib.plan(
      """
      transaction
        insert new.jpg into Trips
        favourite a.jpg
      end
      wait 10ms
      move Trips/b.jpg out of Trips
      delete a.jpg
      """)
    #expect(lib.files == before)
    #expect(
      !FileManager.default.fileExists(atPath: TransactionMarker.path(root: lib.tree.root.path)))
    let transactions = plan.transactions
    #expect(transactions.count == 3)
    #expect(
      transactions[0].change == LibraryChange(inserted: ["Trips/new.jpg"], changed: ["a.jpg"]))
    #expect(transactions[0].announced == ["a.jpg"])
    #expect(transactions[0].after.map(\.id) == ["Trips/new.jpg", "Trips/b.jpg", "a.jpg"])
    #expect(transactions[1].change == LibraryChange(inserted: ["b.jpg"], removed: ["Trips/b.jpg"]))
    #expect(transactions[2].change == LibraryChange(removed: ["a.jpg"]))
    #expect(transactions[2].after.map(\.id) == ["Trips/new.jpg", "b.jpg"])
  }

  @Test func applyingDoesWhatThePlanSaid() async throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    try lib.tree.file("b.jpg")
    try lib.tree.file("Old/c.jpg")
    try lib.tree.file("Old/b.jpg")
    try lib.tree.file("Trips/d.jpg")
    _ = try lib.source("new.jpg")
    _ = try lib.source("bytes.png", FolderFixtures.png3x5)
    let plan = try lib.plan(
      """
      transaction
        insert new.jpg as fresh.jpg into Trips
        modify a.jpg with bytes.png
        favourite Trips/d.jpg
        hide b.jpg
      end
      album rename Trips to Travel/2024
      album delete Old
      album create Empty
      """)
    try await plan.apply()
    #expect(
      lib.files == [
        "Travel/2024/d.jpg", "Travel/2024/fresh.jpg", "a.jpg", "b 2.jpg", "b.jpg", "c.jpg",
      ])
    #expect(
      try Data(contentsOf: lib.tree.root.appendingPathComponent("a.jpg"))
        == Data(FolderFixtures.png3x5))
    // Flags follow the renamed album's assets.
    #expect(try lib.attributes.favorites == ["Travel/2024/d.jpg"])
    #expect(try lib.attributes.hidden == ["b.jpg"])
    var isDirectory: ObjCBool = false
    #expect(
      FileManager.default.fileExists(
        atPath: lib.tree.root.appendingPathComponent("Empty").path, isDirectory: &isDirectory))
    #expect(
      !FileManager.default.fileExists(atPath: lib.tree.root.appendingPathComponent("Old").path))
    let marker = try #require(TransactionMarker.read(root: lib.tree.root.path))
    #expect(!marker.isOpen && marker.sequence == 4)
    // No temporary file is left behind.
    let hidden = try FileManager.default.contentsOfDirectory(atPath: lib.tree.root.path).filter {
      $0.hasPrefix(".")
    }
    #expect(Set(hidden) == [TransactionMarker.fileName, TransactionMarker.fileName + ".lock"])
  }

  /// What each operation refuses, named by its line; nothing is written.
  static let refusals: [(script: String, line: Int, reason: String)] = [
    ("delete nothing.jpg", 1, "no asset 'nothing.jpg' in the library"),
    ("\ninsert new.jpg as a.jpg", 2, "'a.jpg' already exists"),
    ("insert notes.txt", 1, "is not an image"),
    ("insert missing.jpg", 1, "cannot be read"),
    ("move a.jpg out of Trips", 1, "'a.jpg' is not in album 'Trips'"),
    ("move Trips/t.jpg to Trips", 1, "already"),
    ("album rename Nope to X", 1, "there is no album 'Nope'"),
    ("album create Trips", 1, "'Trips' already exists"),
    ("album delete a.jpg", 1, "there is no album 'a.jpg'"),
    ("transaction\ndelete a.jpg\nfavourite a.jpg\nend", 3, "no asset 'a.jpg'"),
    ("insert new.jpg into a.jpg", 1, "'a.jpg' is a file, not an album"),
  ]

  @Test(arguments: refusals)
  func refusalsNameTheLineAndChangeNothing(script: String, line: Int, reason: String) throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    try lib.tree.file("Trips/t.jpg")
    _ = try lib.source("new.jpg")
    _ = try lib.source("notes.txt", Array("hello".utf8))
    let before = lib.files
    do {
      _ = try lib.plan(script)
      Issue.record("planned: \(script)")
    } catch let error as ChangeScriptError {
      #expect(error.line == line, "\(error)")
      #expect(error.reason.contains(reason), "\(error)")
    }
    #expect(lib.files == before)
  }

  @Test func aScriptWritesNoFileThroughALinkedFolder() throws {
    let lib = try ScriptedLibrary()
    defer { lib.remove() }
    try lib.tree.file("a.jpg")
    _ = try lib.source("x.jpg")
    try FileManager.default.createSymbolicLink(
      at: lib.tree.root.appendingPathComponent("Outside"), withDestinationURL: lib.sources)
    for script in ["insert x.jpg as fresh.jpg into Outside", "move a.jpg to Outside/Deeper"] {
      do {
        _ = try lib.plan(script)
        Issue.record("planned: \(script)")
      } catch let error as ChangeScriptError {
        #expect(error.reason.contains("'Outside' is a symbolic link"), "\(error)")
      }
    }
  }

  @Test func flagsNeedAStateFolder() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("a.jpg")
    let script = try ChangeScript.parse("favourite a.jpg", baseDirectory: tree.root)
    #expect(throws: ChangeScriptError.self) {
      try ChangeScriptPlan(script, library: FolderLibrary(root: tree.root, index: .none))
    }
  }

  @Test func aMissingLibraryFolderIsRefused() throws {
    let lib = try ScriptedLibrary()
    lib.remove()
    #expect(throws: ChangeScriptError.self) { try lib.plan("album create X") }
  }
}
