import Foundation
import TestSupport
import Testing

/// `show --animate`: every frame of an animation drawn over the previous one, once through
/// when stdout is not a terminal; without the flag only the first frame.
@Suite struct ShowAnimateTests {
  /// A 2×2 GIF89a with a red frame then a blue one, 50 ms each; LZW written by hand as a
  /// clear code before every pixel, so the code size stays at 3 bits.
  static func twoFrameGIF() -> [UInt8] {
    var bytes = Array("GIF89a".utf8) + [2, 0, 2, 0, 0xF1, 0, 0]
    bytes += [255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0]  // red, blue, black, black
    bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
    for index in [0, 1] as [UInt32] {
      bytes += [0x21, 0xF9, 4, 0, 5, 0, 0, 0]  // graphic control: 5/100 s
      bytes += [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0]  // image descriptor, no local palette
      var codes: [UInt32] = []
      for _ in 0..<4 { codes += [4, index] }
      codes.append(5)
      var packed: [UInt8] = []
      var accumulator: UInt32 = 0
      var bits = 0
      for code in codes {
        accumulator |= code << bits
        bits += 3
        while bits >= 8 {
          packed.append(UInt8(accumulator & 0xFF))
          accumulator >>= 8
          bits -= 8
        }
      }
      if bits > 0 { packed.append(UInt8(accumulator & 0xFF)) }
      bytes += [2, UInt8(packed.count)] + packed + [0]
    }
    return bytes + [0x3B]
  }

  @Test func animatePrintsEveryFrameOverThePreviousOne() throws {
    let folder = try TestPaths.makeTemporaryDirectory("show-animate")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("two-frames.gif").path
    try Data(Self.twoFrameGIF()).write(to: URL(fileURLWithPath: path))

    let still = try CLIRunner.run(["show", "--width", "2", "--colors", "truecolor", path])
    #expect(still.status == 0)
    #expect(still.stdout.contains("255;0;0"))
    #expect(!still.stdout.contains("0;0;255"))

    let animated = try CLIRunner.run([
      "show", "--animate", "--width", "2", "--colors", "truecolor", path,
    ])
    #expect(animated.status == 0)
    #expect(animated.stdout.contains("255;0;0"))
    #expect(animated.stdout.contains("0;0;255"))
    #expect(animated.stdout.components(separatedBy: "\u{1B}[1A\r").count == 2)
  }
}
