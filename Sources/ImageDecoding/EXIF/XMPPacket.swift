/// The XMP packet of a file (`<x:xmpmeta …>…</x:xmpmeta>`), found in its first bytes and read
/// just enough to answer for single simple properties.
///
/// Mirrors the properties `CGImageSourceCopyMetadataAtIndex` exposes by path
/// (`exif:UserComment`, `GPano:ProjectionType`). Screenshots keep their "Screenshot" comment
/// here (PNG `iTXt` "XML:com.adobe.xmp"); panoramas their Google Photo Sphere keys (JPEG APP1).
/// A property is read in either XMP form: an attribute (`GPano:ProjectionType="…"`) or an
/// element, possibly wrapped in `rdf:Alt`/`rdf:li`.
public struct XMPPacket: Sendable, Equatable, Codable {
  /// The packet's text.
  public var text: String

  private static let start = Array("<x:xmpmeta".utf8)
  private static let end = Array("</x:xmpmeta>".utf8)

  /// The first packet in `bytes`, or nil when there is none (or it is cut off).
  public init?(searching bytes: [UInt8]) {
    guard let from = ByteSearch.firstIndex(of: Self.start, in: bytes),
      let to = ByteSearch.firstIndex(of: Self.end, in: bytes, from: from)
    else { return nil }
    text = String(decoding: bytes[from..<to + Self.end.count], as: UTF8.self)
  }

  /// The text of the property `name` ("exif:UserComment"), or nil.
  public func value(of name: String) -> String? {
    if let range = text.range(of: name + "=\"") {
      return String(text[range.upperBound...].prefix { $0 != "\"" })
    }
    guard let open = text.range(of: "<" + name + ">"),
      let close = text.range(of: "</" + name + ">", range: open.upperBound..<text.endIndex)
    else { return nil }
    var inner = Substring(text[open.upperBound..<close.lowerBound])
    // Drop nested tags (rdf:Alt, rdf:li …), keeping the text between them.
    var result = ""
    while let tag = inner.firstIndex(of: "<") {
      result += inner[..<tag]
      guard let closing = inner[tag...].firstIndex(of: ">") else { break }
      inner = inner[inner.index(after: closing)...]
    }
    result += inner
    let trimmed = result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return trimmed.isEmpty ? nil : trimmed
  }
}
