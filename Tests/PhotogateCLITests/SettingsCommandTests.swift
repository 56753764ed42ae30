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
}
