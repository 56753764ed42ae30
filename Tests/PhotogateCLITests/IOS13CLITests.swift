import Foundation
import TestSupport
import Testing

/// iOS 13 has neither limited access nor add-only: such states cannot be set, and a state an
/// iOS 14+ run stored is read through the legacy lens.
@Suite struct IOS13CLITests {
  @Test(arguments: [
    ["privacy", "grant", "photos-limited"], ["privacy", "grant", "photos-add"],
    ["privacy", "revoke", "photos-add"], ["select", "--add", "grace-hopper-1984.jpg"],
  ])
  func statesOnlyLaterVersionsHaveAreRefused(command: [String]) throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let before = try fixture.status()
    let result = try fixture.run(command + ["--ios", "13"])
    #expect(result.status == 1)
    #expect(result.stderr.contains("iOS 13 has"))
    #expect(try NSDictionary(dictionary: fixture.status()) == NSDictionary(dictionary: before))
  }

  @Test func aLimitedStateIsReadAsAuthorizedWithoutAlertPickerOrManage() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try fixture.run("select", "--add", "grace-hopper-1984.jpg").status == 0)

    let assets = try fixture.run("assets", "--json", "--ios", "13", "--alert", "select-more")
    #expect(assets.status == 0)
    #expect(!assets.stderr.contains("Select More Photos"))
    #expect(try AssetsCommandTests.ids(fixture, "--ios", "13").count == 4)

    let status = try fixture.status("--ios", "13")
    #expect(status["legacy"] as? String == "authorized")
    let settings = try jsonObject(try fixture.run("settings", "--json", "--ios", "13").stdout)
    #expect(settings["options"] as? [String] == ["Never", "Read and Write"])
    #expect(settings["value"] as? String == "Read and Write")
    let request = try jsonObject(
      try fixture.run("request", "legacy", "--json", "--ios", "13").stdout)
    #expect(request["prompted"] as? Bool == false)
    #expect(request["status"] as? String == "authorized")

    let screen = try fixture.run("snapshot", "--ios", "13", "--json")
    #expect(screen.status == 0, "\(screen.stderr)")
    #expect(!screen.stdout.contains("Manage"))
    #expect(!screen.stdout.contains("Keep Current Selection"))
  }

  @Test func anAddOnlyOnlyStateHasNoIOS13RowAndTheLegacyRequestPrompts() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    let settings = try jsonObject(try fixture.run("settings", "--json", "--ios", "13").stdout)
    #expect(settings["shown"] as? Bool == false)
    #expect(try fixture.run("request", "legacy", "--ios", "13").status == 2)
  }
}
