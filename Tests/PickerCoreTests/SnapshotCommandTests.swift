import Foundation
import TestSupport
import Testing

/// `photogate snapshot [--json]` end to end: the built binary over `SampleImages/` and a
/// temporary state dir. (The sample files' order follows their modification times, so these
/// tests check lines, not whole snapshots.)
@Suite struct SnapshotCommandTests {
  let stateDir: URL
  let library = TestPaths.sampleImages.path

  init() throws { stateDir = try TestPaths.makeTemporaryDirectory("snapshot") }

  func photogate(_ arguments: String...) throws -> CLIRunner.Result {
    try CLIRunner.run(
      arguments + ["--state-dir", stateDir.path], environment: ["PHOTOGATE_LIBRARY": library])
  }

  @Test func firstLaunchShowsThePromptAndStoresNothing() throws {
    let result = try photogate("snapshot", "--ios", "17")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "App: “picker” · iOS 17 · launch 1")
    #expect(lines.contains("Overlay: systemPrompt"))
    #expect(lines.contains("  ▸ [Limit Access…]"))
    #expect(lines.contains("    [Don’t Allow]"))
    // A snapshot answers nothing and records nothing.
    let status = try photogate("status", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
    #expect(object["readWrite"] as? String == "notDetermined")
    #expect((object["settingsOptions"] as? [String])?.isEmpty == true)
  }

  @Test func limitedShowsOnlyTheSelectionAndManage() throws {
    #expect(try photogate("privacy", "grant", "photos-limited").status == 0)
    #expect(try photogate("select", "--add", "chelsea-the-cat.png").status == 0)
    let plist = stateDir.appendingPathComponent("Info.plist")
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>NSPhotoLibraryUsageDescription</key><string>Pick photos.</string>
      <key>PHPhotoLibraryPreventAutomaticLimitedAccessAlert</key><true/>
      </dict></plist>
      """.utf8
    ).write(to: plist)

    let text = try photogate("snapshot", "--ios", "14", "--info-plist", plist.path)
    #expect(text.status == 0)
    #expect(
      text.stdout == """
        App: “picker” · iOS 14 · launch 1
        Status: limited
        Photos: 1
        Buttons: [Manage]
        Grid: 1 photo · rows 1–1 of 1 · 4×3 · focus chelsea-the-cat.png
          ▸chelsea-the-cat.png
        Picked: (none)
        Bar: [Cancel] [Add (0) – disabled]
        Overlay: (none)

        """)

    let json = try photogate("snapshot", "--json", "--info-plist", plist.path)
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["status"] as? String == "limited")
    #expect(object["buttons"] as? [String] == ["Manage"])
    #expect(object["info"] as? [String] == ["Status: limited", "Photos: 1"])
  }

  @Test func missingUsageDescriptionShowsTheTerminationAndExitsThree() throws {
    let plist = stateDir.appendingPathComponent("Info.plist")
    try Data(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict>
      <key>NSPhotoLibraryAddUsageDescription</key><string>Save drawings.</string>
      </dict></plist>
      """.utf8
    ).write(to: plist)
    let result = try photogate("snapshot", "--info-plist", plist.path)
    #expect(result.status == 3)
    #expect(result.stdout.contains("Overlay: terminated"))
    #expect(result.stderr.contains("must contain an NSPhotoLibraryUsageDescription key"))
  }

  @Test func badWindowIsBadUsage() throws {
    #expect(try photogate("snapshot", "--columns", "0").status == 2)
  }
}
