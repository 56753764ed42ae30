import Foundation
import TestSupport
import Testing

/// Two files whose names differ only in Unicode normalisation are two assets: selecting one
/// never shows the other.
@Suite struct UnicodeIdentityTests {
  static let composed = "caf\u{E9}.jpg"
  static let decomposed = "cafe\u{301}.jpg"

  @Test func selectingOneOfTwoCanonicallyEquivalentNamesShowsOnlyThatOne() throws {
    let fixture = try PermissionCLIFixture()
    defer { try? FileManager.default.removeItem(at: fixture.root) }
    let source = TestPaths.sampleImages.appendingPathComponent("grace-hopper-1984.jpg").path
    for name in [Self.composed, Self.decomposed] {
      try FileManager.default.copyItem(
        atPath: source, toPath: fixture.library.path + "/" + name)
    }
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.library.path)
    try #require(names.filter { $0.hasPrefix("caf") }.count == 2, "the file system kept one name")

    let request = try fixture.run(
      "request", "readWrite", "--answer", "limited", "--select", Self.composed)
    #expect(request.status == 0, "\(request.stderr)")
    let listing = try fixture.run("assets", "--json")
    #expect(listing.status == 0, "\(listing.stderr)")
    let assets = try #require(
      try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
    let ids = assets.compactMap { $0["id"] as? String }
    #expect(ids.count == 1)
    #expect(ids.first.map { Array($0.utf8) } == Array(Self.composed.utf8))
  }
}
