import Foundation
import PhotoLibrary
import TestSupport
import Testing

/// Reading a real Info.plist with PropertyListSerialization, and linting it.
@Suite struct InfoPlistTests {
  static func write(_ text: String) throws -> URL {
    let url = try TestPaths.makeTemporaryDirectory("perm-plist").appendingPathComponent(
      "Info.plist")
    try Data(text.utf8).write(to: url)
    return url
  }

  static func xml(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><dict>\(body)</dict></plist>
    """
  }

  @Test func readsThePhotoKeysFromXML() throws {
    let url = try Self.write(
      Self.xml(
        """
        <key>NSPhotoLibraryUsageDescription</key><string>Read them</string>
        <key>NSPhotoLibraryAddUsageDescription</key><string>Save them</string>
        <key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><true/>
        <key>CFBundleName</key><string>Bundle</string>
        <key>CFBundleDisplayName</key><string>Snap</string>
        """))
    var expected = InfoPlist(
      usageDescription: "Read them", addUsageDescription: "Save them",
      preventAutomaticLimitedAccessAlert: true, displayName: "Snap")
    expected.preventAlertKey = "PHPhotoLibraryPreventAutomaticLimitedAccessAlert"
    #expect(try InfoPlist(contentsOf: url) == expected)
  }

  @Test func readsBinaryPlistsAndFallsBackToBundleName() throws {
    let data = try PropertyListSerialization.data(
      fromPropertyList: ["CFBundleName": "Bundle"], format: .binary, options: 0)
    let plist = try InfoPlist(data: data, path: "Info.plist")
    #expect(plist.displayName == "Bundle")
    #expect(plist.usageDescription == nil)
    #expect(!plist.preventAutomaticLimitedAccessAlert)
    #expect(plist.appName(bundleID: "com.x.y") == "Bundle")
    #expect(InfoPlist().appName(bundleID: "com.example.picker") == "picker")
  }

  @Test(arguments: [
    ("<plist><dict><key>", "is not a valid property list"),
    (
      xml("<key>NSPhotoLibraryUsageDescription</key><integer>3</integer>"),
      "NSPhotoLibraryUsageDescription is not a string"
    ),
    (
      xml("<key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><array/>"),
      "is not a boolean"
    ),
    ("<?xml version=\"1.0\"?><plist version=\"1.0\"><array/></plist>", "dictionary"),
  ])
  func badPlistsNameTheFileAndTheReason(text: String, reason: String) throws {
    let url = try Self.write(text)
    #expect {
      try InfoPlist(contentsOf: url)
    } throws: { error in
      let error = error as? InfoPlistError
      return error?.path == url.path && error?.description.contains(reason) == true
    }
  }

  @Test func missingFileIsReported() {
    let error = #expect(throws: InfoPlistError.self) {
      try InfoPlist(contentsOf: URL(fileURLWithPath: "/nonexistent/Info.plist"))
    }
    #expect(error?.description == "Info.plist /nonexistent/Info.plist does not exist")
  }

  @Test func aFolderIsNamedAsAFolderNotAFoundationError() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("photogate-plist-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let error = #expect(throws: InfoPlistError.self) { try InfoPlist(contentsOf: folder) }
    #expect(error?.description == "Info.plist \(folder.path) is a folder, not a property list")
  }

  @Test(arguments: [
    (InfoPlist(usageDescription: "r"), [AuthorizationRequest.addOnly], "add-only upgrade trap"),
    (InfoPlist(), [.readWrite], "terminates the app"),
    (InfoPlist(addUsageDescription: "a"), [.legacy], "terminates the app"),
    (InfoPlist(usageDescription: "r"), [.readWrite], "automatic limited-access alert shows"),
  ])
  func lintFindings(plist: InfoPlist, uses: [AuthorizationRequest], phrase: String) {
    let findings = InfoPlistLint.check(plist, uses: Set(uses))
    #expect(findings.contains { $0.message.contains(phrase) }, "\(findings)")
  }

  @Test func lintOfTheBuiltInPlistHasNoErrors() {
    #expect(!InfoPlistLint.check(.builtIn).contains { $0.severity == .error })
  }

  /// Random and mutated plists never crash: they parse or throw an `InfoPlistError`.
  @Test(arguments: 1...4)
  func mutatedPlistsParseOrThrowNeverCrash(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let valid = Array(
      Self.xml(
        "<key>NSPhotoLibraryUsageDescription</key><string>Read</string>"
          + "<key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><false/>"
      ).utf8)
    for _ in 0..<100 {
      var bytes = valid
      for _ in 0..<random.int(1..<8) {
        let index = random.int(0..<bytes.count)
        switch random.int(0..<3) {
        case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
        case 1: bytes.remove(at: index)
        default: bytes = Array(bytes.prefix(index))
        }
        if bytes.isEmpty { break }
      }
      do {
        _ = try InfoPlist(data: Data(bytes), path: "fuzz.plist")
      } catch {
        #expect(error.path == "fuzz.plist")
      }
    }
  }
}
