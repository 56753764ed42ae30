import FileSystem
import Foundation
import TestSupport
import Testing

@testable import PhotoLibrary

/// An asset id names the file it was recorded with: a new file saved under a selected,
/// created, favourite or hidden name is a new asset.
@Suite struct ReusedNameTests {
  /// A limited session over a folder holding `one.jpg`, with `one.jpg` selected.
  static func limitedSession(_ tree: LibraryTree) throws -> PhotoLibrarySession {
    try tree.file("one.jpg")
    try tree.file("two.jpg")
    return try limitedSession(FolderLibrary(root: tree.root, index: .none), selecting: ["one.jpg"])
  }

  /// A limited session over `library` with `ids` selected in the limited picker.
  static func limitedSession(_ library: FolderLibrary, selecting ids: [String]) throws
    -> PhotoLibrarySession
  {
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photosLimited)
    let store = MemoryAuthorizationStore(["com.example.app": state])
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest, backend: library, store: store)
    try session.editLimitedSelection(adding: ids, removing: [])
    return session
  }

  /// Deletes `one.jpg` and writes a new file under its name.
  static func replace(_ name: String, in tree: LibraryTree) throws {
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent(name))
    try tree.file(name, FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 10:00:00"))
  }

  @Test func theGalleryDoesNotReadANewFileUnderASelectedName() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let session = try Self.limitedSession(tree)
    let device = try SimulatedPhone(session: session, libraryPath: tree.root.path)
    #expect(device.readableFiles(["one.jpg"]).map(\.id) == ["one.jpg"])
    try Self.replace("one.jpg", in: tree)
    device.libraryDidChange()
    #expect(device.readableFiles(["one.jpg"]).isEmpty)
    #expect(throws: PhotoLibraryError.self) { try session.asset(withID: "one.jpg") }
    #expect(try session.fetchAssets().isEmpty)
    #expect(try session.state().limitedSelection.isEmpty)
  }

  @Test func anIDPickedAgainAfterItsFileWasReplacedNamesTheNewFile() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let session = try Self.limitedSession(tree)
    try Self.replace("one.jpg", in: tree)
    try session.editLimitedSelection(adding: ["one.jpg"], removing: [])
    #expect(try session.fetchAssets().map(\.id) == ["one.jpg"])
  }

  @Test func anEditInPlaceKeepsTheAssetSelected() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let session = try Self.limitedSession(tree)
    // `Data.write` without `.atomic` truncates and rewrites the same file.
    try Data(FolderFixtures.jpeg(dateTimeOriginal: "2021:01:01 10:00:00"))
      .write(to: tree.root.appendingPathComponent("one.jpg"))
    let path = tree.root.appendingPathComponent("one.jpg").path
    if try POSIX.status(path, followLinks: false).birth != nil {
      #expect(try session.fetchAssets().map(\.id) == ["one.jpg"])
    }
  }

  @Test func bareIDsAdoptTheFileFoundAtFirstRead() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("one.jpg")
    var state = AuthorizationState.firstLaunch
    state.apply(.grant, to: .photosLimited)
    state.limitedSelection = ["one.jpg"]
    let store = MemoryAuthorizationStore(["com.example.app": state])
    let session = PhotoLibrarySession(
      bundleID: "com.example.app", ios: .newest,
      backend: FolderLibrary(root: tree.root, index: .none), store: store)
    #expect(try session.fetchAssets().map(\.id) == ["one.jpg"])
    #expect(try store.load(bundleID: "com.example.app").assetFiles["one.jpg"] != nil)
    try Self.replace("one.jpg", in: tree)
    #expect(try session.fetchAssets().isEmpty)
  }

  @Test func marksOfAReplacedFileDoNotApplyToTheNewOne() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    try tree.file("one.jpg")
    let old = try #require(FolderLibrary(root: tree.root, index: .none).scan().assets.first)
    var attributes = LibraryAttributes(library: tree.root.path)
    attributes.set(.favorite, true, for: [old])
    attributes.set(.hidden, true, for: [old])
    #expect(attributes.apply(to: [old]).map(\.isFavorite) == [true])
    try Self.replace("one.jpg", in: tree)
    let new = try #require(FolderLibrary(root: tree.root, index: .none).scan().assets.first)
    #expect(attributes.apply(to: [new]).map(\.isFavorite) == [false])
    #expect(attributes.apply(to: [new]).map(\.isHidden) == [false])
    let changed = attributes.reconcileFiles(with: [new])
    #expect(changed)
    #expect(attributes.favorites.isEmpty && attributes.hidden.isEmpty)
  }

  @Test func bareMarksOfAnOlderAttributesFileAdoptTheFileFoundAtFirstRead() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("attributes-state")
    defer { try? FileManager.default.removeItem(at: state) }
    try tree.file("one.jpg")
    let store = LibraryAttributesStore(library: tree.root, stateDirectory: state)
    _ = try store.update { $0.set(.favorite, true, for: ["one.jpg"]) }
    #expect(try store.load().files.isEmpty, "marked by id alone, as an older PhotoGate did")
    let library = FolderLibrary(root: tree.root, attributesStore: store, index: .none)
    #expect(try library.allAssets().map(\.isFavorite) == [true])
    #expect(try store.load().files["one.jpg"] != nil)
    try Self.replace("one.jpg", in: tree)
    #expect(try library.allAssets().map(\.isFavorite) == [false])
    #expect(try store.load().favorites.isEmpty)
  }

  @Test func theStateFileRecordsEachIDsFileAndReadsBareIDs() throws {
    var state = AuthorizationState(readWrite: .limited, limitedSelection: ["a.jpg", "b.jpg"])
    state.assetFiles["a.jpg"] = AssetFileIdentity(value: 0x1234)
    state.assetFiles["gone.jpg"] = AssetFileIdentity(value: 0x99)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(state), as: UTF8.self)
    #expect(text.contains(#""assetFiles":{"a.jpg":"0000000000001234"}"#))
    let decoded = try JSONDecoder().decode(AuthorizationState.self, from: Data(text.utf8))
    #expect(decoded.assetFiles["a.jpg"] == AssetFileIdentity(value: 0x1234))
    #expect(decoded.assetFiles["b.jpg"] == nil)
    let old = #"""
      {"readWrite":"limited","addOnly":"unset","restricted":false,
       "limitedSelection":["a.jpg"],"requestedLevels":["readWrite"]}
      """#
    let bare = try JSONDecoder().decode(AuthorizationState.self, from: Data(old.utf8))
    #expect(bare.limitedSelection == ["a.jpg"])
    #expect(bare.assetFiles.isEmpty)
  }
}
