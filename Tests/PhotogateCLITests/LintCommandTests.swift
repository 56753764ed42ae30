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

  @Test(arguments: [
    ("NSPhotoLibraryLimitedAccessAPISupport", String?.none),
    ("PHPhotoLibraryPreventAutomaticLimitedAccessAlert", "YES"),
    ("PHPhotoLibraryPreventAutomaticLimitedAccessAlert", "true"),
    ("NSPhotoLibraryLimitedAccessAPISupport", "1"),
  ])
  /// `text` nil: the boolean true; else that string.
  func preventKeyByEitherNameAndAsAStringSuppressesTheAlert(key: String, text: String?) throws {
    let value: Any = text ?? true
    let warns = text != nil
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read", "NSPhotoLibraryAddUsageDescription": "Save",
      key: value,
    ])
    let lint = try CLIRunner.run(["lint", plist])
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(lint.stdout.contains("automatic limited-access alert will not show"))
    #expect(lint.stdout.contains("warning: \(key): is \"") == warns)
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let assets = try fixture.run("assets", "--info-plist", plist)
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(!assets.stderr.contains("Keep Current Selection"))
    let status = try fixture.run("status", "--info-plist", plist)
    #expect(status.stdout.contains("prevented by the Info.plist"))
  }

  @Test(arguments: [("NO", false), ("false", false), ("0", false), ("YES", true), ("7", true)])
  func aStringPreventKeyIsReadAsFoundationReadsABoolean(text: String, prevents: Bool) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read",
      "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": text,
    ])
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let assets = try fixture.run("assets", "--info-plist", plist)
    #expect(assets.status == 0, "\(assets.stderr)")
    #expect(assets.stderr.contains("Keep Current Selection") == !prevents)
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
