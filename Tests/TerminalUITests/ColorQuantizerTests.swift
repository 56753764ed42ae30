import Testing

@testable import TerminalUI

@Suite struct ColorQuantizerTests {
  @Test(
    arguments: [
      (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196),
      (RGB(95, 135, 175), 67), (RGB(128, 128, 128), 244), (RGB(8, 8, 8), 232),
      (RGB(238, 238, 238), 255), (RGB(100, 140, 170), 67), (RGB(250, 5, 3), 196),
    ] as [(RGB, Int)])
  func nearest256PicksTheCubeOrTheGreyRamp(_ color: RGB, _ index: Int) {
    #expect(ColorQuantizer.nearest256(color) == UInt8(index))
  }

  @Test func nearest256IsTheTrueNearestOfIndices16Through255() {
    var seed: UInt32 = 12345
    for _ in 0..<500 {
      seed = seed &* 1_664_525 &+ 1_013_904_223
      let color = RGB(UInt8(seed >> 24), UInt8((seed >> 16) & 255), UInt8((seed >> 8) & 255))
      let brute = (16..<256).min {
        color.distanceSquared(to: ColorQuantizer.xterm256[$0])
          < color.distanceSquared(to: ColorQuantizer.xterm256[$1])
      }!
      let chosen = Int(ColorQuantizer.nearest256(color))
      #expect(
        color.distanceSquared(to: ColorQuantizer.xterm256[chosen])
          == color.distanceSquared(to: ColorQuantizer.xterm256[brute]))
    }
  }

  @Test(
    arguments: [
      (RGB(0, 0, 0), 0), (RGB(205, 0, 0), 1), (RGB(255, 0, 0), 9), (RGB(128, 128, 128), 8),
      (RGB(250, 250, 250), 15), (RGB(0, 0, 230), 4), (RGB(0, 210, 200), 6), (RGB(230, 230, 230), 7),
    ] as [(RGB, Int)])
  func nearest16PicksTheANSIColour(_ color: RGB, _ index: Int) {
    #expect(ColorQuantizer.nearest16(color) == UInt8(index))
  }

  @Test func paletteHasTheXtermLayout() {
    #expect(ColorQuantizer.xterm256.count == 256)
    #expect(ColorQuantizer.xterm256[16] == RGB(0, 0, 0))
    #expect(ColorQuantizer.xterm256[67] == RGB(95, 135, 175))
    #expect(ColorQuantizer.xterm256[232] == RGB(8, 8, 8))
    #expect(ColorQuantizer.xterm256[255] == RGB(238, 238, 238))
  }

  @Test func adaptingToTheModes() {
    let orange = TerminalColor.rgb(255, 135, 0)
    #expect(orange.adapted(to: .truecolor) == orange)
    #expect(orange.adapted(to: .palette256) == .indexed(208))
    #expect(orange.adapted(to: .none) == .default)
    #expect(TerminalColor.indexed(196).adapted(to: .palette16) == .indexed(9))
    #expect(TerminalColor.default.adapted(to: .palette16) == .default)
  }
}
