import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// `FolderLibrary.importFile(at:album:)` and `createAlbum(named:)`: byte-exact atomic copies
/// under names that never overwrite.
@Suite struct FolderImportTests {
  /// A library and a source folder outside it holding `IMG.jpg`.
  struct Fixture {
    let tree: LibraryTree
    let sources: URL
    let source: URL
    var library: FolderLibrary { FolderLibrary(root: tree.root) }

    init() throws {
      tree = try LibraryTree()
      sources = try TestPaths.makeTemporaryDirectory("sources")
      source = sources.appendingPathComponent("IMG.jpg")
      try Data(FolderFixtures.jpeg(dateTimeOriginal: "2022:05:06 07:08:09")).write(to: source)
    }

    func names(in folder: String = "") throws -> [String] {
      try FileManager.default.contentsOfDirectory(
        atPath: tree.root.appendingPathComponent(folder).path
      ).sorted()
    }

    func cleanUp() {
      tree.remove()
      try? FileManager.default.removeItem(at: sources)
    }
  }

  @Test func importCopiesTheBytesUnchangedAndReturnsTheAsset() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let asset = try fixture.library.importFile(at: fixture.source, album: nil)
    #expect(asset.id == "IMG.jpg")
    #expect(asset.album == nil)
    #expect((asset.pixelWidth, asset.pixelHeight) == (4, 2))
    #expect(try Data(contentsOf: asset.url) == Data(contentsOf: fixture.source))
    #expect(fixture.library.scan().assets == [asset])
    #expect(try fixture.names() == ["IMG.jpg"])  // No temporary file left.
    #expect(try permissionBits(asset.url) & 0o600 == 0o600)
  }

  @Test func importNeverOverwritesAndNumbersTheName() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    try fixture.tree.file("IMG.jpg", FolderFixtures.png3x5)
    try fixture.tree.file("IMG 3.jpg", FolderFixtures.png3x5)
    var ids: [String] = []
    for _ in 0..<3 { ids.append(try fixture.library.importFile(at: fixture.source, album: nil).id) }
    #expect(ids == ["IMG 2.jpg", "IMG 4.jpg", "IMG 5.jpg"])
    for existing in ["IMG.jpg", "IMG 3.jpg"] {
      #expect(
        try Data(contentsOf: fixture.tree.root.appendingPathComponent(existing))
          == Data(FolderFixtures.png3x5))
    }
    #expect(try fixture.names() == ["IMG 2.jpg", "IMG 3.jpg", "IMG 4.jpg", "IMG 5.jpg", "IMG.jpg"])
  }

  @Test func importIntoAnAlbumCreatesItsFolder0755() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let previous = umask(0o077)
    defer { umask(previous) }
    let asset = try fixture.library.importFile(at: fixture.source, album: "Saved")
    #expect(asset.id == "Saved/IMG.jpg")
    #expect(asset.album == "Saved")
    #expect(try permissionBits(fixture.tree.root.appendingPathComponent("Saved")) == 0o755)
    #expect(fixture.library.albums() == ["Saved"])
    #expect(
      try fixture.library.importFile(at: fixture.source, album: "Saved").id == "Saved/IMG 2.jpg")
  }

  @Test func concurrentImportsOfOneNameGetDistinctNames() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let count = 8
    let ids = FailureList()
    let group = DispatchGroup()
    let library = fixture.library
    let source = fixture.source
    for _ in 0..<count {
      group.enter()
      Thread {
        defer { group.leave() }
        do {
          ids.append(try library.importFile(at: source, album: nil).id)
        } catch {
          ids.append("error: \(error)")
        }
      }.start()
    }
    group.wait()
    let expected = ["IMG.jpg"] + (2...count).map { "IMG \($0).jpg" }
    #expect(ids.all.sorted() == expected.sorted())
    let original = try Data(contentsOf: fixture.source)
    for id in expected {
      #expect(try Data(contentsOf: fixture.tree.root.appendingPathComponent(id)) == original)
    }
    #expect(try fixture.names().count == count)
  }

  @Test func aNonImageIsRefusedAndNothingIsWritten() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let text = fixture.sources.appendingPathComponent("notes.jpg")
    try Data("hello".utf8).write(to: text)
    let error = #expect(throws: LibraryError.self) {
      try fixture.library.importFile(at: text, album: nil)
    }
    #expect(error?.code == .notAnImage)
    #expect(error?.path == text.path)
    #expect(try fixture.names().isEmpty)
  }

  @Test func aMissingOrFolderSourceIsAClearError() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let missing = fixture.sources.appendingPathComponent("missing.jpg")
    let error = #expect(throws: LibraryError.self) {
      try fixture.library.importFile(at: missing, album: nil)
    }
    #expect(error?.code == .io)
    #expect(error?.reason.contains("No such file or directory") == true)
    #expect(throws: LibraryError.self) {
      try fixture.library.importFile(at: fixture.sources, album: nil)
    }
    #expect(try fixture.names().isEmpty)
  }

  @Test func aHiddenSourceNameBecomesVisible() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let hidden = fixture.sources.appendingPathComponent(".secret.png")
    try Data(FolderFixtures.png3x5).write(to: hidden)
    #expect(try fixture.library.importFile(at: hidden, album: nil).id == "secret.png")
  }

  @Test(arguments: [
    ("IMG.jpg", ["IMG.jpg", "IMG 2.jpg", "IMG 3.jpg"]),
    ("Trip 2019.jpg", ["Trip 2019.jpg", "Trip 2019 2.jpg", "Trip 2019 3.jpg"]),
    ("archive.tar.gz", ["archive.tar.gz", "archive.tar 2.gz", "archive.tar 3.gz"]),
    ("noextension", ["noextension", "noextension 2", "noextension 3"]),
  ])
  func candidateNamesNumberTheStem(name: String, expected: [String]) {
    #expect(Array(FolderLibrary.candidateNames(for: name).prefix(3)) == expected)
  }

  @Test(arguments: [
    "", "   ", "a/b", "/", ".hidden", "..", ".", "x\0y", String(repeating: "é", count: 128),
  ])
  func invalidAlbumNamesAreRefused(name: String) throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let error = #expect(throws: LibraryError.self) { try fixture.library.createAlbum(named: name) }
    #expect(error?.code == .invalidAlbumName)
    #expect(throws: LibraryError.self) {
      try fixture.library.importFile(at: fixture.source, album: name)
    }
    #expect(try fixture.names().isEmpty)
  }

  @Test func createAlbumIsIdempotentAndRefusesAFileInTheWay() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let url = try fixture.library.createAlbum(named: "Road Trip")
    #expect(url.lastPathComponent == "Road Trip")
    #expect(try fixture.library.createAlbum(named: "Road Trip") == url)
    #expect(fixture.library.albums().isEmpty)  // Empty albums are not listed.
    try fixture.tree.file("Taken", Array("x".utf8))
    let error = #expect(throws: LibraryError.self) {
      try fixture.library.createAlbum(named: "Taken")
    }
    #expect(error?.code == .io)
  }

  @Test func anAlbumThatIsALinkOutOfTheLibraryIsNeverWrittenThrough() throws {
    let fixture = try Fixture()
    let outside = try TestPaths.makeTemporaryDirectory("outside")
    defer {
      fixture.cleanUp()
      try? FileManager.default.removeItem(at: outside)
    }
    try fixture.tree.link("Linked", to: outside.path)
    let error = #expect(throws: LibraryError.self) {
      try fixture.library.importFile(at: fixture.source, album: "Linked")
    }
    #expect(error?.code == .io)
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
  }

  @Test func aTemporaryFileLeftByACrashIsNeverListed() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    // What an import that died before link(2) leaves: a hidden, possibly partial copy.
    try fixture.tree.file(".IMG.jpg.tmp-999-abc", Array(FolderFixtures.jpeg4x2.prefix(100)))
    #expect(fixture.library.scan().assets.isEmpty)
    #expect(fixture.library.scan().problems.isEmpty)
    #expect(try fixture.library.importFile(at: fixture.source, album: nil).id == "IMG.jpg")
  }

  @Test func anImportDeletesOnlyAbandonedTemporaryFiles() throws {
    let fixture = try Fixture()
    defer { fixture.cleanUp() }
    let abandoned = try fixture.tree.file(".IMG.jpg.tmp-999-abc", [1, 2, 3])
    let live = try fixture.tree.file(".IMG.jpg.tmp-998-def", [1, 2, 3])
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: abandoned.path)
    _ = try fixture.library.importFile(at: fixture.source, album: nil)
    #expect(!FileManager.default.fileExists(atPath: abandoned.path))
    #expect(FileManager.default.fileExists(atPath: live.path))
  }
}
