import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `photogate show --graphics`: protocol output on a pipe only when asked for, and what it
/// carries decodes to the exact downscale's size.
@Suite struct ShowGraphicsTests {
  static let cat = ShowCommandTests.cat
  static let small = ["show", "--width", "20", "--height", "10"]

  /// The base64 payloads of every kitty command in `text`, joined.
  static func kittyPayload(_ text: String) -> String {
    text.components(separatedBy: "\u{1B}_G").dropFirst().map { command in
      let body = command.components(separatedBy: "\u{1B}\\")[0]
      return String(body.split(separator: ";", maxSplits: 1).last ?? "")
    }.joined()
  }

  @Test func kittyIsWrittenToAPipeWhenAskedAndCarriesAPNGOfTheFittedSize() throws {
    let result = try CLIRunner.run(Self.small + ["--graphics", "kitty", Self.cat])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{1B}_Ga=T,f=100,t=d,q=2,"))
    #expect(result.stdout.hasSuffix("\u{1B}\\\n"))
    let png = try #require(Data(base64Encoded: Self.kittyPayload(result.stdout)))
    let image = try ImageDecoder.decode(data: [UInt8](png))
    // 451 × 300 into 20 × 10 cells of 10 × 20 pixels (the size assumed off a terminal).
    #expect(image.width == 200 && image.height == 133)
  }

  @Test func sixelFromTheEnvironmentHasRasterAttributesOfTheFittedSize() throws {
    let result = try CLIRunner.run(
      Self.small + [Self.cat], environment: ["PHOTOGATE_GRAPHICS": "sixel"])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{1B}P0;1;0q\"1;1;200;133#0;2;"))
    #expect(result.stdout.hasSuffix("\u{1B}\\\n"))
  }

  @Test(arguments: [("8x8", "120;80"), ("9X18", "180;120")])
  func cellSizeSetsThePixelsOfACell(_ cell: String, _ raster: String) throws {
    let result = try CLIRunner.run(
      Self.small + ["--graphics", "sixel", "--cell-size", cell, Self.cat])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{1B}P0;1;0q\"1;1;\(raster)#0;2;"))
  }

  @Test(arguments: ["8", "0x8", "8x", "axb", "8x8x8"])
  func aBadCellSizeIsRefused(_ cell: String) throws {
    let result = try CLIRunner.run(Self.small + ["--cell-size", cell, Self.cat])
    #expect(result.status != 0)
    #expect(result.stderr.contains("--cell-size"))
  }

  @Test func itermCarriesThePNGAndItsPixelSize() throws {
    let result = try CLIRunner.run(Self.small + ["--graphics", "iterm", Self.cat])
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("\u{1B}]1337;File=inline=1;size="))
    #expect(result.stdout.contains(";width=200px;height=133px;"))
  }

  @Test func autoOnAPipeDrawsTheSameHalfBlocksAsBlocks() throws {
    let auto = try CLIRunner.run(Self.small + ["--colors", "truecolor", Self.cat])
    let blocks = try CLIRunner.run(
      Self.small + ["--colors", "truecolor", "--graphics", "blocks", Self.cat])
    #expect(auto.status == 0 && blocks.status == 0)
    #expect(!auto.stdout.contains("\u{1B}_G") && !auto.stdout.contains("\u{1B}P"))
    #expect(auto.stdout.contains("▀") || auto.stdout.contains("▄"))
    #expect(auto.stdout == blocks.stdout)
  }

  @Test func noneDrawsShadesWithoutAnyEscape() throws {
    let result = try CLIRunner.run(
      Self.small + ["--colors", "truecolor", "--graphics", "none", Self.cat])
    #expect(result.status == 0)
    #expect(!result.stdout.contains("\u{1B}"))
    #expect(!result.stdout.isEmpty)
  }

  @Test func unknownChoicesAreUsageErrorsNamingTheirSource() throws {
    let option = try CLIRunner.run(Self.small + ["--graphics", "hologram", Self.cat])
    #expect(option.status == 2)
    let variable = try CLIRunner.run(
      Self.small + [Self.cat], environment: ["PHOTOGATE_GRAPHICS": "hologram"])
    #expect(variable.status == 2)
    #expect(variable.stderr.contains("PHOTOGATE_GRAPHICS=hologram"))
    #expect(variable.stdout.isEmpty)
  }
}
