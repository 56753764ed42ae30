import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// The iCloud state belongs to the library, is kept in the state folder beside its attributes,
/// compares ids by their bytes and never touches the library folder.
@Suite struct CloudStateTests {
  static func session(_ tree: LibraryTree, state: URL, app: String = "com.example.a")
    -> PhotoLibrarySession
  {
    PhotoLibrarySession(
      bundleID: app, ios: .iOS17,
      backend: FolderLibrary(
        root: tree.root,
        attributesStore: LibraryAttributesStore(library: tree.root, stateDirectory: state)),
      store: MemoryAuthorizationStore([app: AuthorizationState(readWrite: .authorized)]))
  }

  @Test func offloadedAssetsAreSharedByEveryAppAndKeptBesideTheAttributes() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    try tree.file("b.jpg")
    let before = try FileManager.default.contentsOfDirectory(atPath: tree.root.path).sorted()
    let first = Self.session(tree, state: state)
    #expect(try first.setOffloaded(true, for: ["a.jpg", "b.jpg", "a.jpg"]) == ["a.jpg", "b.jpg"])
    #expect(try first.setOffloaded(true, for: ["a.jpg"]).isEmpty)
    let other = Self.session(tree, state: state, app: "com.example.b")
    #expect(try other.isOffloaded("a.jpg"))
    #expect(try other.setOffloaded(false, for: ["a.jpg"]) == ["a.jpg"])
    #expect(try first.cloudState().offloaded == ["b.jpg"])
    #expect(try first.restoreAllFromCloud() == ["b.jpg"])
    #expect(try first.cloudState().offloaded.isEmpty)
    let file = try #require(first.cloudStore).store.url
    #expect(file.lastPathComponent.hasSuffix("-cloud.json"))
    #expect(file.deletingLastPathComponent().lastPathComponent == "libraries")
    let after = try FileManager.default.contentsOfDirectory(atPath: tree.root.path).sorted()
    #expect(after == before)
  }

  @Test func anUnknownIdIsNamedAndNothingChanges() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    let session = Self.session(tree, state: state)
    #expect(throws: CloudError.self) { try session.setOffloaded(true, for: ["a.jpg", "nope.jpg"]) }
    do {
      try session.setOffloaded(true, for: ["nope.jpg"])
    } catch let error as CloudError {
      #expect(error.description.contains("'nope.jpg'"))
      #expect(error.description.contains(tree.root.standardizedFileURL.path))
    }
    #expect(try session.cloudState().offloaded.isEmpty)
  }

  @Test func idsAreComparedByTheirBytes() {
    // "café" precomposed and decomposed: two files, two assets.
    let composed = "caf\u{E9}.jpg"
    let decomposed = "cafe\u{301}.jpg"
    var state = CloudState(library: "/l")
    #expect(state.set(offloaded: true, for: [composed]) == [composed])
    #expect(state.isOffloaded(composed, file: nil))
    #expect(!state.isOffloaded(decomposed, file: nil))
    #expect(state.set(offloaded: true, for: [decomposed]) == [decomposed])
    #expect(state.offloaded.count == 2)
  }

  @Test func theStateRoundTripsThroughItsFile() throws {
    var state = CloudState(library: "/l", offloaded: ["b.jpg", "a.jpg"])
    state.network = CloudNetwork(
      bytesPerSecond: nil, latencyMilliseconds: 5, failRate: 0.25, isOffline: true, seed: 9)
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(CloudState.self, from: data) == state)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""offloaded":["a.jpg","b.jpg"]"#))
  }

  @Test func observersHearOffloadAndRestore() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    let session = Self.session(tree, state: state)
    let heard = Heard()
    session.register { change in heard.append(change) }
    try session.setOffloaded(true, for: ["a.jpg"])
    try session.setOffloaded(false, for: ["a.jpg"])
    let deadline = ContinuousClock.now + .seconds(10)
    while heard.count < 2 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(heard.count == 2)
  }

  @Test func aNewFileUnderAnOffloadedNameIsOnTheDevice() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    try tree.file("b.jpg")
    let session = Self.session(tree, state: state)
    try session.setOffloaded(true, for: ["a.jpg", "b.jpg"])
    // A delete, then a new file saved under the name: another asset, never in iCloud.
    try FileManager.default.removeItem(at: tree.root.appendingPathComponent("a.jpg"))
    try tree.file("a.jpg", FolderFixtures.jpeg(dateTimeOriginal: "2020:01:01 10:00:00"))
    #expect(try !session.isOffloaded("a.jpg"))
    #expect(try session.isOffloaded("b.jpg"))
    #expect(try session.cloudState().offloaded == ["b.jpg"])
    let other = Self.session(tree, state: state, app: "com.example.b")
    #expect(try other.fetchAssets().count == 2)
    // Restoring it changes nothing (it is local); offloading it records the new file.
    #expect(try session.setOffloaded(false, for: ["a.jpg"]).isEmpty)
    #expect(try session.setOffloaded(true, for: ["a.jpg"]) == ["a.jpg"])
    #expect(try session.isOffloaded("a.jpg"))
  }

  @Test func aFileOfBareIdsFromAnOlderPhotoGateStillReads() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    let session = Self.session(tree, state: state)
    let url = try #require(session.cloudStore).store.url
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    let old = #"{"version": 1, "value": {"library": "\#(tree.root.path)", "offloaded": ["a.jpg"]}}"#
    try Data(old.utf8).write(to: url)
    #expect(try session.isOffloaded("a.jpg"))
    #expect(try session.cloudState().offloaded == ["a.jpg"])
    // Written again, the id is kept with its file.
    try session.setOffloaded(true, for: ["a.jpg"])
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#""files""#))
    #expect(text.contains(#""a.jpg" : ""#))
  }

  /// Changes heard by an observer.
  final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var changes: [PhotoLibraryChange] = []
    func append(_ change: PhotoLibraryChange) { lock.withLock { changes.append(change) } }
    var count: Int { lock.withLock { changes.count } }
  }
}

/// The cache PhotoKit requests read the state through: the same value until the file changes,
/// then the new one.
@Suite struct CloudStateCacheTests {
  @Test func aChangeIsReadAgain() throws {
    let tree = try LibraryTree()
    defer { tree.remove() }
    let state = try TestPaths.makeTemporaryDirectory("state")
    try tree.file("a.jpg")
    let session = CloudStateTests.session(tree, state: state)
    let store = try #require(session.cloudStore)
    let cache = CloudStateCache()
    #expect(try cache.state(of: store).offloaded.isEmpty)
    try session.setOffloaded(true, for: ["a.jpg"])
    #expect(try cache.state(of: store).offloaded.contains("a.jpg"))
    try session.setOffloaded(false, for: ["a.jpg"])
    #expect(try !cache.state(of: store).offloaded.contains("a.jpg"))
    try store.store.remove()
    #expect(try cache.state(of: store).offloaded.isEmpty)
  }
}
