import Foundation
import TestSupport
import Testing

/// `photogate status` end to end: the JSON keys, and a damaged store.
@Suite struct StatusCommandTests {
  @Test func firstLaunchJSONHasEveryKey() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let json = try fixture.status()
    #expect(
      Set(json.keys)
        == [
          "app", "ios", "legacy", "addOnly", "readWrite", "restricted", "selection",
          "settingsOptions", "settingsValue", "settingsEditable", "automaticAlert",
        ])
    #expect(json["app"] as? String == "com.example.cli")
    #expect(json["ios"] as? Int == 26)
    #expect(json["legacy"] as? String == "notDetermined")
    #expect(json["settingsValue"] is NSNull)
    #expect(json["settingsEditable"] as? Bool == false)
    #expect(json["automaticAlert"] as? Bool == false)
  }

  @Test func jsonSaysWhetherTheAlertShowsAndTheRowCanChange() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    var json = try fixture.status()
    #expect(json["automaticAlert"] as? Bool == true)
    #expect(json["settingsEditable"] as? Bool == true)
    let prevent = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read",
      "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": true,
    ])
    #expect(try fixture.status("--info-plist", prevent)["automaticAlert"] as? Bool == false)
    #expect(try fixture.status("--ios", "13")["automaticAlert"] as? Bool == false)
    #expect(try fixture.run("restrict", "on").status == 0)
    json = try fixture.status()
    #expect(json["automaticAlert"] as? Bool == false)
    #expect(json["settingsEditable"] as? Bool == false)
  }

  @Test func privacyRestrictMatrixAndLintPrintJSON() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let privacy = try jsonObject(
      try fixture.run("privacy", "grant", "photos-add", "--json").stdout)
    #expect(privacy["addOnly"] as? String == "authorized")
    let restrict = try jsonObject(try fixture.run("restrict", "on", "--json", "--ios", "13").stdout)
    #expect(restrict["legacy"] as? String == "restricted")
    #expect(restrict["readWrite"] is NSNull)
    let matrix = try jsonObject(try CLIRunner.run(["matrix", "--json"]).stdout)
    #expect((matrix["tables"] as? [Any])?.count ?? 0 >= 2)
    let plist = try fixture.plist(["NSPhotoLibraryUsageDescription": "Read"])
    let lint = try CLIRunner.run(["lint", plist, "--uses", "addOnly", "--json"])
    #expect(lint.status == 1)
    #expect(try jsonObject(lint.stdout)["errors"] as? Int == 1)
  }

  @Test func damagedStoreIsReportedWithExitOneAndNothingGranted() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let file = fixture.state.appendingPathComponent("com.example.cli.json")
    try Data("{\"version\": 1, \"value\": {\"readWrite\": \"authorized\"".utf8).write(to: file)
    for command in [["status"], ["assets"], ["request", "readWrite"]] {
      let result = try fixture.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stderr.contains(file.path), "\(command)")
      #expect(result.stdout.isEmpty, "\(command)")
    }
    #expect(try fixture.run("privacy", "reset").status == 0)
    #expect(try fixture.status()["readWrite"] as? String == "notDetermined")
  }

  @Test func anInvalidInfoPlistIsReportedEvenWhereStatusDoesNotNeedIt() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let file = fixture.root.appendingPathComponent("Broken.plist")
    try Data("not a property list".utf8).write(to: file)
    let result = try fixture.run("status", "--info-plist", file.path)
    #expect(result.status == 1)
    #expect(result.stderr.contains(file.path))
    #expect(result.stdout.isEmpty)
  }

  @Test func stateDirComesFromTheEnvironment() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let env = ["PHOTOGATE_STATE_DIR": fixture.state.path]
    let arguments = ["--app", "com.example.env"]
    #expect(
      try CLIRunner.run(["privacy", "grant", "photos"] + arguments, environment: env).status == 0)
    #expect(
      FileManager.default.fileExists(
        atPath: fixture.state.appendingPathComponent("com.example.env.json").path))
  }
}
