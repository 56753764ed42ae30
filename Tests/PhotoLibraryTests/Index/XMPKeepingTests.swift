import Foundation
import ImageDecoding
import TestSupport
import Testing

@testable import PhotoLibrary

/// A file's XMP packet is kept only when it names a property the library reads, so that most
/// photos (whose packet says nothing the library uses) fit the index's columns.
@Suite struct XMPKeepingTests {
  /// `jpeg4x2` with an XMP APP1 segment holding `properties` in an `rdf:Description`.
  static func jpeg(xmp properties: String) -> [UInt8] {
    let packet =
      "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF><rdf:Description \(properties)/>"
      + "</rdf:RDF></x:xmpmeta>"
    let body = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array(packet.utf8)
    let length = body.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    let plain = FolderFixtures.jpeg4x2
    return Array(plain[0..<2]) + segment + Array(plain[2...])
  }

  @Test(arguments: [
    ("xmp:Rating=\"0\" aux:Lens=\"EF-S18-135mm\"", false, MediaSubtypes()),
    ("GPano:ProjectionType=\"equirectangular\"", true, MediaSubtypes.photoPanorama),
    ("exif:UserComment=\"Screenshot\"", true, .photoScreenshot),
  ])
  func aPacketIsKeptOnlyWhenItNamesAPropertyTheLibraryReads(
    properties: String, kept: Bool, subtypes: MediaSubtypes
  ) throws {
    let tree = try LibraryTree("xmp")
    defer { tree.remove() }
    let url = try tree.file("a.jpg", Self.jpeg(xmp: properties))
    let facts = FileFacts.read(url.path)
    guard case .image(let info) = facts else {
      Issue.record("not read as an image: \(facts)")
      return
    }
    #expect((info.xmp != nil) == kept)
    #expect((facts.storage == .plainImage) == !kept)
    let scan = FolderLibrary(root: tree.root, index: .none).scan()
    #expect(scan.assets.map(\.mediaSubtypes) == [subtypes])
  }

  @Test func theSearchFindsAnyOfTheNamesAndNothingElse() {
    #expect(FileFacts.mentionsAny("<a exif:UserComment=\"x\"/>", of: AssetFacts.xmpProperties))
    #expect(!FileFacts.mentionsAny("<a exif:User=\"x\"/>", of: AssetFacts.xmpProperties))
    #expect(!FileFacts.mentionsAny("", of: AssetFacts.xmpProperties))
  }
}
