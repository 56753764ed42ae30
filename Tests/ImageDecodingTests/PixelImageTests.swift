import ImageDecoding
import Testing

@Suite struct PixelImageTests {
  @Test func pixelReadsRGBAAtColumnAndRow() {
    let image = PixelImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
    #expect(image.pixel(x: 1, y: 0) == (5, 6, 7, 8))
    #expect(image.stride == 8)
  }

  @Test func decodeErrorNamesTheFileAndReason() {
    let error = DecodeError(.corruptData, path: "a.jpg", reason: "not a JPEG or PNG file")
    #expect(error.description == "a.jpg: not a JPEG or PNG file")
  }
}
