import Foundation
import TestSupport
import Testing

@Suite struct ShowCommandTests {
  static let cat = TestPaths.sampleImages.appendingPathComponent("chelsea-the-cat.png").path

  @Test func widthBoundsThePreviewAndEveryLineEndsReset() throws {
    let result = try CLIRunner.run([
      "show", "--width", "30", "--height", "40", "--colors", "truecolor", Self.cat,
    ])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    // 451 × 300 into 30 columns: 30 × 20 pixels, 10 rows, then the final newline.
    #expect(lines.count == 11)
    #expect(lines.last == "")
    #expect(result.stdout.hasSuffix("\u{1B}[m\n"))
    #expect(result.stdout.contains("\u{1B}[38;2;") || result.stdout.contains("\u{1B}[48;2;"))
  }

  @Test func noColoursPrintsShadesWithoutEscapes() throws {
    let result = try CLIRunner.run(["show", "--width", "20", "--colors", "none", Self.cat])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count == 20 })
  }

  @Test func noColorEnvironmentTurnsColoursOff() throws {
    let result = try CLIRunner.run(
      ["show", "--width", "20", Self.cat], environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
  }

  @Test func badFileIsNamedAndTheOthersStillPrint() throws {
    let folder = try TestPaths.makeTemporaryDirectory("show")
    defer { try? FileManager.default.removeItem(at: folder) }
    let bad = folder.appendingPathComponent("not-an-image.jpg")
    try Data("hello".utf8).write(to: bad)
    let result = try CLIRunner.run(["show", "--width", "10", "--colors", "256", bad.path, Self.cat])
    #expect(result.status == 1)
    #expect(result.stderr.hasPrefix("photogate: \(bad.path): "))
    #expect(result.stdout.contains("\u{1B}[38;5;") || result.stdout.contains("\u{1B}[48;5;"))
  }

  @Test func badOptionsAreUsageErrors() throws {
    #expect(try CLIRunner.run(["show", "--width", "0", Self.cat]).status == 2)
    #expect(try CLIRunner.run(["show", "--colors", "rainbow", Self.cat]).status == 2)
    #expect(try CLIRunner.run(["show", "--background", "pink", Self.cat]).status == 2)
  }
}
