import Foundation
import ImageDecoding
import TestSupport
import Testing

@Suite struct ImageFileFinderTests {
  static let jpeg: [UInt8] = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10]
  static let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]

  let root: URL

  init() throws {
    let folder = try TestPaths.makeTemporaryDirectory("finder")
    root = folder.appendingPathComponent("library")
    let manager = FileManager.default
    try manager.createDirectory(
      at: root.appendingPathComponent("album/nested"), withIntermediateDirectories: true)
    try manager.createDirectory(
      at: root.appendingPathComponent(".hidden-album"), withIntermediateDirectories: true)
    let files: [(String, [UInt8])] = [
      ("a.jpg", Self.jpeg),
      ("screenshot.txt", Self.png),  // A PNG whatever its extension says.
      ("notes.jpg", Array("not an image".utf8)),  // Not a JPEG whatever its extension says.
      ("empty.png", []),
      (".hidden.jpg", Self.jpeg),
      (".hidden-album/b.jpg", Self.jpeg),
      ("album/c.png", Self.png),
      ("album/nested/d.jpg", Self.jpeg),
    ]
    for (name, bytes) in files {
      try Data(bytes).write(to: root.appendingPathComponent(name))
    }
    try Data(Self.jpeg).write(to: folder.appendingPathComponent("outside.jpg"))
    // A link out of the root, a link back up to the root (a loop), a link to a file inside.
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("outside-link.jpg").path,
      withDestinationPath: folder.appendingPathComponent("outside.jpg").path)
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("album/nested/loop").path, withDestinationPath: "../..")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("escape").path, withDestinationPath: "..")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("album/link-to-a.jpg").path,
      withDestinationPath: "../a.jpg")
  }

  func relative(_ urls: [URL]) -> [String] {
    urls.map { String($0.path.dropFirst(root.path.count + 1)) }
  }

  @Test func findsImagesBySignatureSkippingHiddenLinksOutAndLoops() throws {
    let result = try ImageFileFinder.find(in: root)
    #expect(
      relative(result.images) == [
        "a.jpg", "album/c.png", "album/link-to-a.jpg", "album/nested/d.jpg", "screenshot.txt",
      ])
    #expect(result.problems.isEmpty)
  }

  @Test func reportsAnUnreadableFolderAndGoesOn() throws {
    guard getuid() != 0 else { return }  // root reads everything.
    let locked = root.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    chmod(locked.path, 0)
    defer { chmod(locked.path, 0o700) }
    let result = try ImageFileFinder.find(in: root)
    #expect(result.images.count == 5)
    #expect(result.problems.map(\.path) == [locked.path])
  }

  @Test func aMissingRootIsAnErrorNamingIt() {
    let missing = root.appendingPathComponent("no-such-folder")
    #expect(throws: DecodeError.self) { try ImageFileFinder.find(in: missing) }
  }

  @Test(arguments: [
    (jpeg, ImageFormat.jpeg), (png, .png),
  ])
  func sniffsTheFormatFromMagicBytes(bytes: [UInt8], format: ImageFormat) throws {
    let file = root.appendingPathComponent("sniff.bin")
    try Data(bytes).write(to: file)
    #expect(try ImageFileFinder.sniffFormat(ofFileAt: file.path) == format)
  }
}
