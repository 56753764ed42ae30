import Foundation
import TestSupport
import Testing

/// `photogate matrix` end to end: the measured rows, regenerated.
@Suite struct MatrixCommandTests {
  /// The measured rows (iOS 13.4.1 and 14.2.1).
  static let measuredRows = [
    "unconfirmed | .notDetermined | ○ |",
    "reading/writing | .authorized | × |",
    "not allowed | .denied | × |",
    "unconfirmed | .notDetermined | .notDetermined | .notDetermined | ○ | ○ |",
    "Add photo only (requestAuthorization(for: .addOnly) \"OK\") | .notDetermined | .authorized | .notDetermined | × | ○ |",
    "None (requestAuthorization(for: .addOnly) \"Do not allow\") | .notDetermined | .denied | .notDetermined | × | ○ |",
    "Selected photo (requestAuthorization(for: .readWrite) \"Selected photo\") | .authorized | .limited | .limited | × | × |",
    "All photos (requestAuthorization(for: .readWrite) \"Allow access to all photos\") | .authorized | .authorized | .authorized | × | × |",
    "None (requestAuthorization(for: .readWrite) \"Do not allow\") | .denied | .notDetermined | .denied | ○ | × |",
    "Add photo only | .denied | .authorized | .denied |",
    "Selected photo | .authorized | .limited | .limited |",
    "All photos | .authorized | .authorized | .authorized |",
    "None | .denied | .denied | .denied |",
  ]

  @Test func matrixReproducesEveryMeasuredRow() throws {
    let result = try CLIRunner.run(["matrix"])
    #expect(result.status == 0)
    let lines = Self.unpadded(result.stdout)
    let rows = lines.filter { $0.hasSuffix(" |") && !$0.hasPrefix("\"") }
    #expect(rows == Self.measuredRows)
  }

  /// The output's lines with the alignment padding before each bar removed.
  static func unpadded(_ text: String) -> [String] {
    text.split(separator: "\n").map { String($0).replacing(#/ +\|/#, with: " |") }
  }

  @Test func everyTableIsAlignedOnItsBars() throws {
    let result = try CLIRunner.run(["matrix", "--derivation"])
    #expect(result.status == 0)
    let tables = result.stdout.split(separator: "\n\n")
    #expect(tables.count == 6)
    for table in tables {
      let rows = table.split(separator: "\n").dropFirst()
      let bars = rows.map { row in
        row.indices.filter { row[$0] == "|" }.map { row.distance(from: row.startIndex, to: $0) }
      }
      #expect(bars.count >= 2)
      #expect(Set(bars).count == 1, "\(table)")
    }
  }

  @Test func anInfoPlistWithoutTheAddKeyShowsTheUpgrade() throws {
    let plist = TestPaths.packageRoot.appendingPathComponent("Examples/Info-AddOnlyTrap.plist")
    let result = try CLIRunner.run(["matrix", "--info-plist", plist.path])
    #expect(result.status == 0, "\(result.stderr)")
    let row = try #require(
      Self.unpadded(result.stdout).first {
        $0.hasPrefix("Add photo only (requestAuthorization(for: .addOnly) \"OK\")")
      })
    // The add-only "OK" granted read/write: every status is authorized.
    #expect(row.hasSuffix("| .authorized | .authorized | .authorized | × | × |"))
    #expect(result.stdout.hasPrefix("Info.plist: \(plist.path)\n"))
  }

  @Test func optionsThatMeanNothingToTheMatrixAreRefused() throws {
    for option in ["--library", "--app", "--state-dir"] {
      let result = try CLIRunner.run(["matrix", option, "/tmp"])
      #expect(result.status == 2, "\(option)")
    }
  }

  /// The derivation table, row for row (iOS 14–16 labels).
  static let derivationRows = [
    "unset / unset | no Photos row | notDetermined | notDetermined | notDetermined | yes | yes |",
    "unset / authorized | Add Photos Only | notDetermined | authorized | notDetermined | no | yes |",
    "unset / denied | None | notDetermined | denied | notDetermined | no | yes |",
    "limited / any | Selected Photos | authorized | limited | limited | no | no |",
    "authorized / any | All Photos | authorized | authorized | authorized | no | no |",
    "denied / unset | None | denied | notDetermined | denied | yes | no |",
    "denied / authorized | Add Photos Only | denied | authorized | denied | no | no |",
    "denied / denied | None | denied | denied | denied | no | no |",
    "restricted | (greyed out) | restricted | restricted | restricted | no | no |",
  ]

  @Test func derivationTableReproducesPermissionsSection3() throws {
    let result = try CLIRunner.run(["matrix", "--derivation", "--ios", "14"])
    #expect(result.status == 0)
    let lines = Self.unpadded(result.stdout)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Derivation (iOS 14)") })
    #expect(Array(lines[(start + 2)...]) == Self.derivationRows)
  }
}
