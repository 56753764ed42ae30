import Foundation
import TestSupport
import Testing

/// The limited selection only ever holds assets that exist, through every command that can
/// change it.
@Suite struct SelectionExistsCLITests {
  @Test func requestRefusesAnUnknownIDBeforeAnyPrompt() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let result = try fixture.run(
      "request", "readWrite", "--answer", "limited", "--select", "nope.jpg")
    #expect(result.status == 1)
    #expect(result.stderr.contains("'nope.jpg'"))
    let status = try fixture.status()
    #expect(status["readWrite"] as? String == "notDetermined")
    #expect(status["settingsOptions"] as? [String] == [])
  }

  @Test func assetsAndSelectRefuseUnknownIDsAndStrayRemovals() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let assets = try fixture.run(
      "assets", "--alert", "select-more", "--select", "grace-hopper-1984.jpg", "ghost.png")
    #expect(assets.status == 1)
    #expect(assets.stderr.contains("'ghost.png'"))
    let add = try fixture.run("select", "--add", "ghost.png")
    #expect(add.status == 1)
    #expect(add.stderr.contains("'ghost.png'"))
    let remove = try fixture.run("select", "--remove", "summer-palace-beijing.jpg")
    #expect(remove.status == 1)
    #expect(remove.stderr.contains("'summer-palace-beijing.jpg' is not in the limited selection"))
    #expect(try fixture.status()["selection"] as? [String] == [])
  }

  @Test func deletedFilesDropOutOfTheSelectionWhenTheLibraryIsRead() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    #expect(
      try fixture.run("select", "--add", "grace-hopper-1984.jpg", "summer-palace-beijing.jpg")
        .status == 0)
    try FileManager.default.removeItem(
      at: fixture.library.appendingPathComponent("grace-hopper-1984.jpg"))
    #expect(try AssetsCommandTests.ids(fixture) == ["summer-palace-beijing.jpg"])
    #expect(try fixture.status()["selection"] as? [String] == ["summer-palace-beijing.jpg"])
  }
}
