import Foundation
import TestSupport
import Testing

/// The Settings path reads the same in `settings`, `settings set` and the gallery's page.
@Suite struct SettingsPathTests {
  @Test(arguments: [
    ("26", "Settings › Apps › picker › Photos"), ("17", "Settings › picker › Photos"),
  ])
  func showAndSetNameTheSamePath(ios: String, path: String) throws {
    var fixture = try PermissionCLIFixture()
    fixture.app = "com.example.picker"
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    let asked = try fixture.run("request", "readWrite", "--answer", "allow", "--ios", ios)
    #expect(asked.status == 0, "\(asked.stderr)")
    let shown = try fixture.run("settings", "--ios", ios)
    #expect(shown.stdout.hasPrefix(path + ": "), "\(shown.stdout)")
    let set = try fixture.run("settings", "set", "None", "--ios", ios)
    #expect(set.status == 3)
    #expect(set.stdout.hasPrefix(path + ": Full Access → None"), "\(set.stdout)")
    let again = try fixture.run("settings", "set", "None", "--ios", ios)
    #expect(again.stdout.hasPrefix(path + " is already None"), "\(again.stdout)")
  }
}
