import Foundation
import TestSupport
import Testing

/// `photogate matrix` and `photogate lint` end to end.
@Suite struct MatrixCommandTests {
  /// The rows of seed 001, as measured (iOS 13.4.1 and 14.2.1).
  static let seedRows = [
    "unconfirmed | .notDetermined | ○ |",
    "reading/writing | .authorized | × |",
    "not allowed | .denied | × |",
    "unconfirmed | .notDetermined | .notDetermined | .notDetermined | ○ | ○ |",
    "Add photo only (requestAuthorization(for: .addOnly) \"OK\") | .notDetermined | .authorized | .notDetermined | × | ○ |",
    "None (requestAuthorization(for: .addOnly) \"Do not allow\") | .notDetermined | .denied | .notDetermined | × | ○ |",
    "Selected photo (requestAuthorization(for: .readWrite) \"Selected photo\") | .authorized | .limited | .limited | × | × |",
    "All photos (requestAuthorization(for: .readWrite) \"Allow access to all photos\") | .authorized | .authorized | .authorized | × | × |",
    "None (requestAuthorization(for: .readWrite) \"Do not allow\") | .denied | .notDetermined | .denied | ○ | × |",
    "Add photo only | .denied | .authorized | .denied |",
    "Selected photo | .authorized | .limited | .limited |",
    "All photos | .authorized | .authorized | .authorized |",
    "None | .denied | .denied | .denied |",
  ]

  @Test func matrixReproducesEverySeedRow() throws {
    let result = try CLIRunner.run(["matrix"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let rows = lines.filter { $0.hasSuffix(" |") && !$0.hasPrefix("\"") }
    #expect(rows == Self.seedRows)
  }

  @Test func lintFindsTheAddOnlyUpgradeTrap() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist(["NSPhotoLibraryUsageDescription": "Read"])
    let result = try CLIRunner.run(["lint", plist, "--uses", "addOnly"])
    #expect(result.status == 1)
    #expect(result.stdout.contains("add-only upgrade trap"))
    let good = try fixture.plist(
      [
        "NSPhotoLibraryUsageDescription": "Read", "NSPhotoLibraryAddUsageDescription": "Save",
        "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": true,
      ], name: "Good.plist")
    let ok = try CLIRunner.run(["lint", good])
    #expect(ok.status == 0)
    #expect(ok.stdout.contains("automatic limited-access alert will not show"))
  }

  @Test func lintReportsAnUnreadablePlistByName() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let url = fixture.root.appendingPathComponent("Broken.plist")
    try Data("<plist><dict><key>".utf8).write(to: url)
    let result = try CLIRunner.run(["lint", url.path])
    #expect(result.status == 1)
    #expect(result.stderr.contains(url.path))
  }
}
