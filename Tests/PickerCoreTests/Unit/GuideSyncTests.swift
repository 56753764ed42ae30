import Foundation
import Testing

/// The guide's worked example is the code of `GuideExampleTests.swift`, so it compiles and
/// passes; this pins that the two have not drifted apart.
@Suite struct GuideSyncTests {
  @Test func guideExampleIsTheCodeOfGuideExampleTests() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
    let package = tests.deletingLastPathComponent().deletingLastPathComponent()
    let guide = try String(
      contentsOf: package.appendingPathComponent("docs/snapshot-testing-guide.md"),
      encoding: .utf8)
    let source = try String(
      contentsOf: tests.appendingPathComponent("GuideExampleTests.swift"), encoding: .utf8)

    let section = try #require(guide.range(of: "## A worked example"))
    let open = try #require(
      guide.range(of: "```swift\n", range: section.upperBound..<guide.endIndex))
    let close = try #require(guide.range(of: "```\n", range: open.upperBound..<guide.endIndex))
    let example = String(guide[open.upperBound..<close.lowerBound])
    let code = source.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
      .joined(separator: "\n")
    #expect(example == code)
  }
}
