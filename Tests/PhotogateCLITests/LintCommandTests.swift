import Foundation
import TestSupport
import Testing

/// `photogate lint` end to end.
@Suite struct LintCommandTests {
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
