import Foundation
import ImageDecoding
import TestSupport
import Testing

/// The one sniffer: a file's format comes from its first bytes, never from its name.
@Suite struct ImageSnifferTests {
  static let jpeg: [UInt8] = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]
  static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]

  @Test(arguments: [
    (jpeg, "photo.txt", ImageFormat.jpeg as ImageFormat?), (png, "screenshot.jpg", .png),
    (Array("not an image".utf8), "notes.jpg", nil), ([], "empty.png", nil),
  ])
  func sniffsTheFormatFromMagicBytes(bytes: [UInt8], name: String, format: ImageFormat?) throws {
    let folder = try TestPaths.makeTemporaryDirectory("sniff")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    #expect(try ImageSniffer.format(ofFileAt: file.path) == format)
  }

  @Test func aMissingFileIsAnIOErrorNamingIt() throws {
    let path = "/nonexistent-photogate/missing.jpg"
    let error = try #require(throws: DecodeError.self) {
      try ImageSniffer.format(ofFileAt: path)
    }
    #expect(error.code == .io)
    #expect(error.description.hasPrefix(path + ": "))
    #expect(error.reason.contains("No such file or directory"))
  }
}
