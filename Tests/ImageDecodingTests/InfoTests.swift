import Foundation
import ImageDecoding
import TestSupport
import Testing

/// `ImageDecoder.info` reads headers only: it never needs the pixel data.
@Suite struct InfoTests {
  @Test(arguments: ["truncated.jpg", "truncated-progressive.jpg", "truncated.png"])
  func infoNeedsOnlyTheHeader(name: String) throws {
    let info = try ImageDecoder.info(ofFileAt: Fixture.bad(name))
    #expect(info.width > 0 && info.height > 0)
  }

  @Test func headerBeyondTheFirstReadIsStillFound() throws {
    // 150 KB of APP2 segments between SOI and the frame header: more than the first read.
    let jpeg = [UInt8](
      try Data(contentsOf: URL(fileURLWithPath: Fixture.good("jpeg-baseline.jpg"))))
    var padded = Array(jpeg[0..<2])
    for _ in 0..<3 {
      padded += [0xFF, 0xE2, 0xC3, 0x52] + [UInt8](repeating: 0x41, count: 0xC352 - 2)
    }
    padded += jpeg[2...]
    let folder = try TestPaths.makeTemporaryDirectory("info")
    let path = folder.appendingPathComponent("padded.jpg").path
    try Data(padded).write(to: URL(fileURLWithPath: path))
    let info = try ImageDecoder.info(ofFileAt: path)
    #expect((info.width, info.height) == (37, 29))
    #expect(try ImageDecoder.info(data: padded) == info)
    #expect(
      try ImageDecoder.decode(fileAt: path)
        == ImageDecoder.decode(fileAt: Fixture.good("jpeg-baseline.jpg")))
  }

  @Test func infoOfTheSameBytesInMemoryNamesThePathInErrors() {
    #expect {
      _ = try ImageDecoder.info(data: Array("hello".utf8), path: "memo.jpg")
    } throws: { error in
      (error as? DecodeError)?.description.hasPrefix("memo.jpg: not an image PhotoGate reads (")
        == true
    }
  }
}
