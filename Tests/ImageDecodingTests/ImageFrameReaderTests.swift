import ImageDecoding
import Testing

/// The frame reader: every frame of an animation with its own duration, the first equal to the
/// still decode; a still image is one frame.
@Suite struct ImageFrameReaderTests {
  @Test(arguments: [
    ("webp-animated-3-frames-64x48.webp", [0.07, 0.11, 0.15]),
    ("gif-animated-3-frames-local-palettes-48x36.gif", [0.05, 0.1, 0.15]),
    ("webp-animated-lossy-alpha-bouncing-ball.webp", [Double](repeating: 0.1, count: 6)),
    ("gif-animated-transparent-hiragana-chi.gif", [Double](repeating: 0.1, count: 31)),
    ("gif-still-64x48.gif", [0]),
    ("heif-8bit-96x64.heic", [0]),
  ])
  func yieldsEveryFrameWithItsDuration(name: String, durations: [Double]) throws {
    let path = Fixture.good(name)
    let reader = try ImageDecoder.frames(fileAt: path)
    var frames: [ImageFrame] = []
    while let frame = try reader.next() { frames.append(frame) }
    #expect(frames.map(\.duration) == durations)
    #expect(try frames.first?.image == ImageDecoder.decode(fileAt: path))
    #expect(try reader.next() == nil)
  }

  @Test func laterFramesDifferFromTheFirst() throws {
    let reader = try ImageDecoder.frames(
      fileAt: Fixture.good("gif-animated-3-frames-local-palettes-48x36.gif"))
    let first = try #require(try reader.next())
    let second = try #require(try reader.next())
    let third = try #require(try reader.next())
    #expect(first.image != second.image)
    #expect(second.image != third.image)
    // The second frame is a 24×18 sub-frame at (12, 9): outside it the first frame stays.
    #expect(second.image.pixel(x: 2, y: 2) == first.image.pixel(x: 2, y: 2))
  }

  @Test func aBadFileIsRefusedNamingIt() {
    let path = Fixture.bad("gif-truncated-lzw-data.gif")
    #expect {
      _ = try ImageDecoder.frames(fileAt: path)
    } throws: { error in
      (error as? DecodeError)?.path == path
    }
  }
}
