import Foundation
import TestSupport
import Testing

/// `photogate settings` end to end.
@Suite struct SettingsCommandTests {
  @Test func changeTerminatesWithExitThreeAndPersists() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "readWrite", "--answer", "all").status == 0)
    let result = try fixture.run("settings", "set", "Selected Photos", "--ios", "16")
    #expect(result.status == 3)
    #expect(result.stderr.contains("terminated"))
    #expect(try fixture.status()["readWrite"] as? String == "limited")
    let same = try fixture.run("settings", "set", "limited access")
    #expect(same.status == 0)
  }

  @Test func noRowAndRestrictedAndUnknownOptionsAreRefused() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("settings", "set", "None").status == 1)
    #expect(try fixture.run("request", "addOnly", "--answer", "ok").status == 0)
    #expect(try fixture.run("settings", "set", "Full Access").status == 2)
    #expect(try fixture.run("settings", "set", "sometimes").status == 2)
    #expect(try fixture.run("restrict", "on").status == 0)
    let restricted = try fixture.run("settings", "set", "None")
    #expect(restricted.status == 1)
    #expect(restricted.stderr.contains("restricted"))
  }

  @Test func jsonListsOptionsByIOSVersion() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "readWrite", "--answer", "deny").status == 0)
    let json = try jsonObject(try fixture.run("settings", "--json", "--ios", "14").stdout)
    #expect(json["options"] as? [String] == ["Selected Photos", "All Photos", "None"])
    #expect(json["value"] as? String == "None")
  }

  @Test func noneOnAnAddOnlyRowDeniesAddOnlyAlone() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "addOnly", "--answer", "ok").status == 0)
    #expect(try fixture.run("settings", "set", "None").status == 3)
    let status = try fixture.status()
    #expect(status["addOnly"] as? String == "denied")
    #expect(status["readWrite"] as? String == "notDetermined")
    // The read/write prompt can still appear.
    let request = try fixture.run("request", "readWrite")
    #expect(request.status == 2)
    #expect(request.stdout.contains("Allow Full Access"))
  }

  @Test(arguments: [
    (["privacy", "grant", "photos"], "Full Access"),
    (["privacy", "revoke", "photos"], "None"),
    (["privacy", "revoke", "photos-add"], "None"),
    (["privacy", "grant", "photos-add"], "Add Photos Only"),
  ])
  func tappingTheCheckedOptionChangesNothing(setup: [String], checked: String) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run(setup).status == 0)
    let before = try fixture.status()
    let result = try fixture.run("settings", "set", checked)
    #expect(result.status == 0)
    #expect(result.stdout.contains("nothing changed"))
    #expect(try NSDictionary(dictionary: fixture.status()) == NSDictionary(dictionary: before))
  }

  @Test(arguments: [
    (
      16, "Settings › Example › Photos",
      ["Add Photos Only", "Selected Photos", "All Photos", "None"]
    ),
    (
      17, "Settings › Example › Photos",
      ["None", "Add Photos Only", "Limited Access", "Full Access"]
    ),
    (
      18, "Settings › Apps › Example › Photos",
      ["None", "Add Photos Only", "Limited Access", "Full Access"]
    ),
  ])
  func rowOrderAndPathFollowTheVersion(ios: Int, path: String, options: [String]) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let plist = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read", "NSPhotoLibraryAddUsageDescription": "Add",
      "CFBundleDisplayName": "Example",
    ])
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    #expect(try fixture.run("privacy", "revoke", "photos").status == 0)
    let text = try fixture.run("settings", "--ios", "\(ios)", "--info-plist", plist)
    #expect(text.stdout.hasPrefix(path + ": "))
    let json = try jsonObject(
      try fixture.run("settings", "--json", "--ios", "\(ios)", "--info-plist", plist).stdout)
    #expect(json["path"] as? String == path)
    #expect(json["options"] as? [String] == options)
  }
}
