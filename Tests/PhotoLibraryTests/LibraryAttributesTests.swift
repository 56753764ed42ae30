import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Favourites and hidden assets belong to the library, are kept in the state folder, and are
/// changed only for assets the app can see.
@Suite struct LibraryAttributesTests {
  static func session(
    _ tree: LibraryTree, state: URL, _ decision: AuthorizationState, app: String = "com.example.a"
  ) -> PhotoLibrarySession {
    PhotoLibrarySession(
      bundleID: app, ios: .iOS17,
      backend: FolderLibrary(
        root: tree.root,
        attributesStore: LibraryAttributesStore(library: tree.root, stateDirectory: state)),
      store: MemoryAuthorizationStore([app: decision]))
  }

  @Test func favouritesAndHiddenAreSharedByEveryAppOfTheLibrary() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg", mtime: instant(2))
    try tree.file("b.jpg", mtime: instant(1))
    let full = AuthorizationState(readWrite: .authorized)
    let first = Self.session(tree, state: state, full)
    #expect(try first.set(.favorite, true, for: ["a.jpg"]))
    #expect(try first.set(.hidden, true, for: ["b.jpg"]))
    #expect(try !first.set(.hidden, true, for: ["b.jpg"]))
    let other = Self.session(tree, state: state, full, app: "com.example.b")
    let assets = try other.fetchAssets()
    #expect(
      assets.map { [$0.id, "\($0.isFavorite)", "\($0.isHidden)"] } == [
        ["a.jpg", "true", "false"], ["b.jpg", "false", "true"],
      ])
    let recents = try other.collection(.smartAlbum(.userLibrary))
    #expect(recents.assets.map(\.id) == ["a.jpg"])
    #expect(try other.collection(.smartAlbum(.allHidden)).assets.map(\.id) == ["b.jpg"])
    #expect(try other.set(.hidden, false, for: ["b.jpg"]))
    #expect(try first.collection(.smartAlbum(.userLibrary)).count == 2)
  }

  @Test(arguments: [
    AuthorizationState(readWrite: .limited, limitedSelection: ["a.jpg"]),
    AuthorizationState(addOnly: .authorized), AuthorizationState(readWrite: .denied),
  ])
  func anAssetTheAppCannotSeeCannotBeChanged(decision: AuthorizationState) throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    try tree.file("b.jpg")
    let session = Self.session(tree, state: state, decision)
    #expect(throws: PhotoLibraryError.assetNotFound("b.jpg")) {
      try session.set(.favorite, true, for: ["b.jpg"])
    }
    #expect(throws: PhotoLibraryError.assetNotFound("missing.jpg")) {
      try session.set(.favorite, true, for: ["missing.jpg"])
    }
    let store = LibraryAttributesStore(library: tree.root, stateDirectory: state)
    #expect(try store.load().favorites.isEmpty)
  }

  @Test func aDamagedAttributesFileIsAnErrorNamingIt() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    let store = LibraryAttributesStore(library: tree.root, stateDirectory: state)
    try FileManager.default.createDirectory(
      at: store.store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{not json".utf8).write(to: store.store.url)
    let session = Self.session(tree, state: state, AuthorizationState(readWrite: .authorized))
    #expect {
      try session.fetchAssets()
    } throws: { error in
      "\(error)".contains(store.store.url.path)
    }
  }
}
