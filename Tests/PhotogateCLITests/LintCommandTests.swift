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

  static func example(_ name: String) -> String {
    TestPaths.packageRoot.appendingPathComponent("Examples/\(name)").path
  }

  @Test func theShippedExamplesLintAsTheReadmeSays() throws {
    let good = try CLIRunner.run(["lint", Self.example("Info.plist")])
    #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
    let trap = try CLIRunner.run(["lint", Self.example("Info-AddOnlyTrap.plist")])
    #expect(trap.status == 1)
    #expect(trap.stdout.contains("add-only upgrade trap"))
  }

  @Test func onIOS13TheAddKeyIsNotReadSoThereIsNoTrap() throws {
    let trap = try CLIRunner.run(["lint", Self.example("Info-AddOnlyTrap.plist"), "--ios", "13"])
    #expect(trap.status == 0, "\(trap.stdout)")
    #expect(trap.stdout.contains("(iOS 13; app calls"))
    #expect(trap.stdout.contains("not read on iOS 13"))
  }

  @Test func aFolderGivenAsThePlistIsNamedAsAFolder() throws {
    let folder = try TestPaths.makeTemporaryDirectory("lint")
    let result = try CLIRunner.run(["lint", folder.path])
    #expect(result.status == 1)
    #expect(
      result.stderr == "photogate: Info.plist \(folder.path) is a folder, not a property list\n")
  }
}
