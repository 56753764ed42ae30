import Foundation
import PhotoLibrary
import Testing

/// `StateDirectory`: one file per app, named safely after its bundle id.
@Suite struct StoreStateDirectoryTests {
  @Test(arguments: [
    ("com.example.picker", "com.example.picker.json"),
    ("com.example.Picker-2", "com.example.Picker-2.json"),
    ("org.test_app", "org.test_app.json"),
    ("a", "a.json"),
  ])
  func aBundleIDNamesItsStateFile(bundleID: String, fileName: String) throws {
    #expect(try StateDirectory.fileName(forBundleID: bundleID) == fileName)
    let directory = StateDirectory(url: URL(fileURLWithPath: "/tmp/state"))
    #expect(try directory.fileURL(forBundleID: bundleID).path == "/tmp/state/" + fileName)
  }

  @Test(arguments: [
    "", ".", "..", ".hidden", "../etc/passwd", "com/example", "com example", "com.example\0x",
    "café.app", String(repeating: "a", count: 201),
  ])
  func aBundleIDThatCannotNameAFileIsRefused(bundleID: String) {
    let error = #expect(throws: StoreError.self) {
      try StateDirectory.fileName(forBundleID: bundleID)
    }
    #expect(error?.code == .invalidName)
    #expect(error?.reason.hasPrefix("invalid bundle id") == true)
  }

  @Test func storesForTwoAppsUseTwoFiles() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-statedir-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let directory = StateDirectory(url: folder)
    let first = try directory.store(forBundleID: "com.example.one", of: StoredCounter.self)
    let second = try directory.store(forBundleID: "com.example.two", of: StoredCounter.self)
    try first.update { $0 = StoredCounter(count: 1) }
    try second.update { $0 = StoredCounter(count: 2) }
    #expect(try first.load()?.count == 1)
    #expect(try second.load()?.count == 2)
  }
}
