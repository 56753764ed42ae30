import Foundation
import TestSupport
import Testing

/// `photogate assets` end to end: what the app can see, and the automatic alert.
@Suite struct AssetsCommandTests {
  static func ids(_ fixture: PermissionCLIFixture, _ extra: String...) throws -> [String] {
    let result = try fixture.run(["assets", "--json"] + extra)
    let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    return array?.compactMap { $0["id"] as? String } ?? []
  }

  @Test func assetsJSONHasIdPathSizeAndMediaFields() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let result = try fixture.run("assets", "--json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let grace = try #require(array.first { $0["id"] as? String == "grace-hopper-1984.jpg" })
    #expect(
      Set(grace.keys) == [
        "id", "path", "width", "height", "mediaType", "mediaSubtypes", "duration", "isFavorite",
        "isHidden", "isInCloud", "resources",
      ])
    #expect(grace["mediaType"] as? String == "image")
    #expect(grace["width"] as? Int == 512)
    #expect(grace["height"] as? Int == 600)
  }

  /// The array is written by hand: names that need escaping come out as JSON that parses back
  /// to the same names, in the pretty printer's layout.
  @Test func assetsJSONEscapesNamesAsJSONEncoderDoes() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let bytes = try Data(
      contentsOf: fixture.library.appendingPathComponent("grace-hopper-1984.jpg"))
    let names = ["quote\"d.jpg", "back\\slash.jpg", "tab\there.jpg", "bell\u{7}.jpg", "été/ü.jpg"]
    for name in names {
      let url = fixture.library.appendingPathComponent("Odd/" + name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: url)
    }
    let result = try fixture.run("assets", "--json")
    #expect(result.status == 0)
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let odd = Set(array.compactMap { $0["id"] as? String }.filter { $0.hasPrefix("Odd/") })
    #expect(odd == Set(names.map { "Odd/" + $0 }))
    #expect(result.stdout.contains(#""id" : "Odd/bell\u0007.jpg""#))
    #expect(result.stdout.contains(#""id" : "Odd/tab\there.jpg""#))
    #expect(result.stdout.contains(#""mediaSubtypes" : [],"#))
    #expect(result.stdout.hasPrefix("[\n  {\n    \"duration\" : "))
  }

  @Test func automaticAlertOncePerCommandUnlessPrevented() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let first = try fixture.run("assets")
    #expect(first.stderr.components(separatedBy: "Keep Current Selection]").count == 2)
    let more = try fixture.run(
      "assets", "--alert", "select-more", "--select", "Trips/retina-fundus.jpg")
    #expect(more.stdout.contains("Trips/retina-fundus.jpg"))
    let plist = try fixture.plist([
      "NSPhotoLibraryUsageDescription": "Read",
      "PHPhotoLibraryPreventAutomaticLimitedAccessAlert": true,
    ])
    let prevented = try fixture.run("assets", "--info-plist", plist)
    #expect(!prevented.stderr.contains("Keep Current Selection"))
  }

  @Test func unreadableEntriesAreReportedOnlyToAppsThatMaySeeThem() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let bytes = try Data(
      contentsOf: fixture.library.appendingPathComponent("grace-hopper-1984.jpg"))
    try bytes.prefix(100).write(to: fixture.library.appendingPathComponent("broken.jpg"))
    #expect(try fixture.run("privacy", "grant", "photos-limited").status == 0)
    let limited = try fixture.run("assets")
    #expect(limited.status == 0)
    #expect(!limited.stderr.contains("broken.jpg"))
    #expect(try fixture.run("privacy", "grant", "photos").status == 0)
    let full = try fixture.run("assets")
    #expect(full.status == 0)
    #expect(full.stderr.contains("broken.jpg"))
    #expect(full.stdout.contains("grace-hopper-1984.jpg"))
  }

  @Test func theFirstReadWhileNotDeterminedShowsTheReadWritePrompt() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    let unanswered = try fixture.run("assets", "--ios", "16")
    #expect(unanswered.status == 2)
    #expect(unanswered.stdout.contains("Would Like to Access Your Photos"))
    #expect(unanswered.stderr.contains("Allow Access to All Photos"))
    #expect(try fixture.status()["readWrite"] as? String == "notDetermined")

    let answered = try fixture.run("assets", "--answer", "all", "--ios", "16")
    #expect(answered.status == 0, "\(answered.stderr)")
    #expect(answered.stdout.contains("Answer: Allow Access to All Photos"))
    #expect(try fixture.status()["readWrite"] as? String == "authorized")
    // Decided now: no prompt any more.
    let again = try fixture.run("assets", "--ios", "16")
    #expect(again.status == 0)
    #expect(!again.stdout.contains("Would Like"))
    #expect(try Self.ids(fixture).count == 4)
  }

  @Test func theFirstReadAfterAddOnlyOffersKeepAddOnly() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "addOnly", "--answer", "ok").status == 0)
    let result = try fixture.run("assets", "--answer", "keep-add-only")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("Keep Add Only"))
    let status = try fixture.status()
    #expect(status["readWrite"] as? String == "denied")
    #expect(status["addOnly"] as? String == "authorized")
  }
}
