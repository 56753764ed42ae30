import Foundation
import TestSupport
import Testing

/// `photogate privacy` and `restrict` end to end: every state set directly, and what the app
/// sees in each.
@Suite struct PrivacyCommandTests {
  @Test func visibilityFollowsEveryState() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    // Not determined: the first read shows the read/write prompt by itself.
    #expect(try fixture.run("assets", "--json").status == 2)
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).count == 4)
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
    #expect(try fixture.run("select", "--add", "grace-hopper-1984.jpg").status == 0)
    #expect(try AssetsCommandTests.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("restrict", "on").status == 0)
    #expect(try AssetsCommandTests.ids(fixture).isEmpty)
    #expect(try fixture.run("restrict", "off").status == 0)
    #expect(try AssetsCommandTests.ids(fixture) == ["grace-hopper-1984.jpg"])
    #expect(try fixture.run("privacy", "reset", "photos").status == 0)
    #expect(try fixture.run("privacy", "grant", "photos-add").status == 0)
    #expect(try AssetsCommandTests.ids(fixture, "--answer", "keep-add-only").isEmpty)
    #expect(try fixture.status()["addOnly"] as? String == "authorized")
  }

  /// Writers killed with SIGKILL at random moments leave the old state or the new one, never a
  /// damaged file, and never an error for the next command.
  @Test func killedWritersNeverDamageTheStore() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    var random = SystemRandomNumberGenerator()
    for round in 0..<16 {
      let process = Process()
      process.executableURL = CLIRunner.executable
      process.arguments = [
        "privacy", round.isMultiple(of: 2) ? "grant" : "revoke", "photos",
        "--library", fixture.library.path, "--state-dir", fixture.state.path,
        "--app", fixture.app,
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0..<30_000, using: &random))
      kill(process.processIdentifier, SIGKILL)
      process.waitForExit()
      let status = try fixture.run("status", "--json")
      #expect(status.status == 0, "round \(round): \(status.stderr)")
      let readWrite = try jsonObject(status.stdout)["readWrite"] as? String
      #expect(["notDetermined", "authorized", "denied"].contains(readWrite ?? ""))
    }
  }
}
