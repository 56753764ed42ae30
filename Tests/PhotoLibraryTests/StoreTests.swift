import Foundation
import PhotoLibrary
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A small value to keep in test stores.
struct StoredCounter: Codable, Sendable, Equatable {
  var count: Int
  var names: [String] = []
}

/// A fresh store in a new temporary folder (under a missing `state/` folder, so that its
/// creation is exercised), and a way to clean up.
struct StoreFixture {
  let folder: URL
  let stateDirectory: URL
  let store: JSONFileStore<StoredCounter>

  init(schemaVersion: Int = 1, lockTimeout: Duration = .seconds(10)) throws {
    folder = try TestPaths.makeTemporaryDirectory("store")
    stateDirectory = folder.appendingPathComponent("state/photogate")
    store = JSONFileStore(
      url: stateDirectory.appendingPathComponent("com.example.picker.json"),
      schemaVersion: schemaVersion, lockTimeout: lockTimeout)
  }

  /// Another store object for the same file (its own descriptors and lock).
  func sameFile(schemaVersion: Int = 1, lockTimeout: Duration = .seconds(10))
    -> JSONFileStore<StoredCounter>
  {
    JSONFileStore(url: store.url, schemaVersion: schemaVersion, lockTimeout: lockTimeout)
  }

  func write(_ text: String) throws {
    try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: store.url)
  }

  func cleanUp() { try? FileManager.default.removeItem(at: folder) }
}

/// Permission bits of the file or folder at `url`.
func permissionBits(_ url: URL) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
  return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
}

/// The inode number of the file at `url`.
func inode(_ url: URL) throws -> UInt64 {
  var info = stat()
  guard stat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
  return UInt64(info.st_ino)
}

/// `JSONFileStore`: round trips, file modes, schema versions and damaged files.
@Suite struct StoreTests {
  @Test func loadReturnsNilWhenTheFileDoesNotExist() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    #expect(try fixture.store.load() == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.stateDirectory.path))
  }

  @Test func updateWritesAValueThatLoadReadsBack() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let returned = try fixture.store.update { value -> String in
      #expect(value == nil)
      value = StoredCounter(count: 7, names: ["a/b.jpg", "é.png"])
      return "done"
    }
    #expect(returned == "done")
    #expect(try fixture.sameFile().load() == StoredCounter(count: 7, names: ["a/b.jpg", "é.png"]))
    let text = try String(contentsOf: fixture.store.url, encoding: .utf8)
    #expect(text.contains("\"version\" : 1"))
    #expect(text.hasSuffix("}\n"))
  }

  @Test func createsTheFolder0700AndTheFile0600() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let previous = umask(0)
    defer { umask(previous) }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    #expect(try permissionBits(fixture.stateDirectory) == 0o700)
    #expect(try permissionBits(fixture.store.url) == 0o600)
    #expect(try permissionBits(fixture.store.lockURL) == 0o600)
  }

  @Test func settingTheValueToNilDeletesTheFile() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    try fixture.store.update { $0 = nil }
    #expect(!FileManager.default.fileExists(atPath: fixture.store.url.path))
    #expect(try fixture.store.load() == nil)
  }

  @Test func anUnchangedValueIsNotRewritten() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    let before = try inode(fixture.store.url)
    try fixture.store.update { value in value?.count = 1 }
    #expect(try inode(fixture.store.url) == before)
    try fixture.store.update { value in value?.count = 2 }
    #expect(try inode(fixture.store.url) != before)
  }

  @Test func aThrowingBodyWritesNothing() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    struct Refused: Error {}
    #expect(throws: Refused.self) {
      try fixture.store.update { value in
        value?.count = 99
        throw Refused()
      }
    }
    #expect(try fixture.store.load()?.count == 1)
  }

  @Test func removeDeletesTheFileAndToleratesAMissingOne() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.remove()
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    try fixture.store.remove()
    #expect(try fixture.store.load() == nil)
  }

  /// Damaged files: what is on disk → the error code and a fragment of its reason.
  @Test(arguments: [
    ("", StoreError.Code.damaged, "empty"),
    (#"{"version": 1, "value": {"count": 3, "na"#, .damaged, "not valid JSON"),
    ("\u{0}\u{0}\u{0}\u{0}", .damaged, "not valid JSON"),
    (#"[1, 2, 3]"#, .damaged, "not a JSON object"),
    (#"{"value": {"count": 3}}"#, .damaged, "no schema \"version\""),
    (#"{"version": 0, "value": {"count": 3}}"#, .damaged, "invalid schema version 0"),
    (#"{"version": 1}"#, .damaged, "missing key 'value'"),
    (#"{"version": 1, "value": {"cnt": 3}}"#, .damaged, "missing key 'value.count'"),
    (#"{"version": 1, "value": {"count": "3"}}"#, .damaged, "wrong type at 'value.count'"),
    (#"{"version": "1", "value": {"count": 3}}"#, .damaged, "wrong type at 'version'"),
    (#"{"version": 2, "value": {"count": 3}}"#, .unsupportedVersion, "schema version 2"),
    (#"{"version": 9, "value": "anything"}"#, .unsupportedVersion, "newer PhotoGate"),
  ])
  func aDamagedOrNewerFileIsReportedNamingTheFile(
    contents: String, code: StoreError.Code, fragment: String
  ) throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.write(contents)
    let error = #expect(throws: StoreError.self) { try fixture.store.load() }
    #expect(error?.code == code)
    #expect(error?.path == fixture.store.url.path)
    #expect(error?.reason.contains(fragment) == true, "\(error?.reason ?? "")")
    #expect(error?.description.hasPrefix(fixture.store.url.path + ": ") == true)
  }

  @Test func updateRefusesADamagedFileWithoutRunningTheBodyOrTouchingTheFile() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    let damaged = #"{"version": 1, "value": {"count": 3"#
    try fixture.write(damaged)
    var ran = false
    let error = #expect(throws: StoreError.self) {
      try fixture.store.update { value in
        ran = true
        value = StoredCounter(count: 0)
      }
    }
    #expect(error?.code == .damaged)
    #expect(!ran)
    #expect(try String(contentsOf: fixture.store.url, encoding: .utf8) == damaged)
    try fixture.store.remove()
    #expect(try fixture.store.load() == nil)
  }

  @Test func aNewerSchemaReadsOlderFiles() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 4) }
    let newer = fixture.sameFile(schemaVersion: 2)
    #expect(try newer.load()?.count == 4)
    try newer.update { value in value?.count += 1 }
    #expect(try String(contentsOf: fixture.store.url, encoding: .utf8).contains("\"version\" : 2"))
    #expect(throws: StoreError.self) { try fixture.store.load() }
  }

  /// chmod 000 does not stop root (CAP_DAC_OVERRIDE); the folder-in-the-way test below covers
  /// the same path for root.
  @Test(.enabled(if: geteuid() != 0, "root reads files whatever their mode"))
  func aFileWithoutReadPermissionIsAnIOError() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    try fixture.store.update { $0 = StoredCounter(count: 1) }
    chmod(fixture.store.url.path, 0)
    let error = #expect(throws: StoreError.self) { try fixture.store.load() }
    #expect(error?.code == .io)
    #expect(error?.reason.contains("Permission denied") == true)
  }

  @Test func anUnreadableFileIsAnIOErrorNotAnEmptyStore() throws {
    let fixture = try StoreFixture()
    defer { fixture.cleanUp() }
    // A folder where the file should be: reading fails (EISDIR) even as root, where
    // chmod 000 would not stop the read.
    try FileManager.default.createDirectory(
      at: fixture.store.url, withIntermediateDirectories: true)
    let error = #expect(throws: StoreError.self) { try fixture.store.load() }
    #expect(error?.code == .io)
    #expect(error?.path == fixture.store.url.path)
    #expect(error?.reason.contains("cannot be read") == true)
    #expect(throws: StoreError.self) { try fixture.store.update { $0 = StoredCounter(count: 1) } }
  }
}
