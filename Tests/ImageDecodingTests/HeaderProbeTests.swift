import Foundation
import TestSupport
import Testing

@testable import ImageDecoding

/// The scan's one open of a file (``HeaderProbe``) reads what ``ImageDecoder/info(ofFileAt:)``
/// reads, from any length of first bytes, and says which files are no image or unreadable.
@Suite struct HeaderProbeTests {
  /// Every image and movie fixture that reads (the good images, the movies not named broken).
  static let readable: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.good(""))) ?? []
    let movies = Fixture.root.appendingPathComponent("video").path
    let movieNames = (try? FileManager.default.contentsOfDirectory(atPath: movies)) ?? []
    return names.filter { !$0.hasSuffix(".pam") && !$0.hasSuffix(".md") }.sorted().map(Fixture.good)
      + movieNames.filter {
        !$0.hasPrefix("broken") && !$0.hasSuffix(".pam") && !$0.hasSuffix(".md")
      }
      .sorted().map { movies + "/" + $0 }
  }()

  @Test(arguments: readable, [16, 4096, 128 * 1024])
  func theProbeReadsWhatInfoReads(path: String, prefixLength: Int) throws {
    let expected = try ImageDecoder.info(ofFileAt: path)
    let bytes = try Self.bytes(path)
    guard case .image(let info, let prefix) = HeaderProbe.read(path, prefixLength: prefixLength)
    else {
      Issue.record("\(path) was not read as an image")
      return
    }
    #expect(info == expected)
    #expect(prefix == Array(bytes.prefix(prefixLength)))
  }

  /// An XMP packet is an APP1 segment too; the Exif segment after it is still the one read,
  /// whether the packet ends inside the first bytes read or past them.
  @Test(arguments: [1024, 64 * 1024, 128 * 1024])
  func anXMPSegmentBeforeTheExifOneLeavesTheExifRead(prefixLength: Int) throws {
    let original = try Self.bytes(Fixture.good("jpeg-orientation-6.jpg"))
    let packet = "<x:xmpmeta>" + String(repeating: " ", count: 60_000) + "</x:xmpmeta>"
    let body = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
    let length = body.count + 2
    let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    let folder = try TestPaths.makeTemporaryDirectory("probe-xmp")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("xmp-first.jpg").path
    try Data(Array(original[0..<2]) + segment + Array(original[2...])).write(
      to: URL(fileURLWithPath: path))
    let expected = try ImageDecoder.info(ofFileAt: Fixture.good("jpeg-orientation-6.jpg"))
    #expect(expected.orientation == 6)
    guard case .image(let info, _) = HeaderProbe.read(path, prefixLength: prefixLength) else {
      Issue.record("not read as an image")
      return
    }
    #expect(info == expected)
  }

  @Test func whatIsNoImageOrCannotBeReadSaysSo() throws {
    let folder = try TestPaths.makeTemporaryDirectory("probe-kinds")
    defer { try? FileManager.default.removeItem(at: folder) }
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
      let path = folder.appendingPathComponent(name).path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      return path
    }
    let text = try file("notes.jpg", Array("not a picture".utf8))
    let empty = try file("empty.jpg", [])
    let fifo = folder.appendingPathComponent("pipe.jpg").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let length = 128 * 1024
    #expect(isNotImage(HeaderProbe.read(text, prefixLength: length)))
    #expect(isNotImage(HeaderProbe.read(empty, prefixLength: length)))
    #expect(reason(HeaderProbe.read(fifo, prefixLength: length))?.contains("FIFO") == true)
    let missing = folder.appendingPathComponent("gone.jpg").path
    #expect(reason(HeaderProbe.read(missing, prefixLength: length)) == "No such file or directory")
    let cut = Fixture.bad("truncated-in-header.jpg")
    guard case .unreadableHeader(let error) = HeaderProbe.read(cut, prefixLength: length) else {
      Issue.record("a JPEG cut in its header was not an unreadable header")
      return
    }
    #expect(error.path == cut)
  }

  private static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  private func isNotImage(_ probe: HeaderProbe) -> Bool {
    if case .notImage = probe { return true }
    return false
  }

  private func reason(_ probe: HeaderProbe) -> String? {
    if case .unreadable(let reason) = probe { return reason }
    return nil
  }
}
