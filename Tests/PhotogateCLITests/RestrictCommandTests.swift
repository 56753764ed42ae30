import Foundation
import TestSupport
import Testing

/// `photogate restrict` end to end: parental controls override and then restore decisions.
@Suite struct RestrictCommandTests {
  @Test func restrictionOverridesEveryStatusAndComesBackOff() throws {
    let fixture = try PermissionCLIFixture()
    defer { fixture.remove() }
    #expect(try fixture.run("request", "readWrite", "--answer", "all").status == 0)
    #expect(try fixture.run("restrict", "on").status == 0)
    let restricted = try fixture.status()
    for key in ["legacy", "addOnly", "readWrite"] {
      #expect(restricted[key] as? String == "restricted", "\(key)")
    }
    #expect(restricted["restricted"] as? Bool == true)
    let request = try jsonObject(try fixture.run("request", "addOnly", "--json").stdout)
    #expect(request["prompted"] as? Bool == false)
    #expect(try fixture.run("restrict", "off").status == 0)
    #expect(try fixture.status()["readWrite"] as? String == "authorized")
    #expect(try fixture.run("restrict", "maybe").status == 2)
  }
}
