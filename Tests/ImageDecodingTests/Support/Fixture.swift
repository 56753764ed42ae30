import Foundation
import ImageDecoding

/// The files of `Fixtures/` (copied into the test bundle) and their reference pixels.
enum Fixture {
  static let root: URL = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

  static func good(_ name: String) -> String {
    root.appendingPathComponent("good").appendingPathComponent(name).path
  }

  static func bad(_ name: String) -> String {
    root.appendingPathComponent("bad").appendingPathComponent(name).path
  }

  /// Every good fixture that has a `NAME.ref.pam` next to it, e.g. "jpeg-baseline.jpg".
  static func goodWithReferences() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: good(""))) ?? []
    let references = Set(names.filter { $0.hasSuffix(".ref.pam") })
    return names.filter { name in
      !name.hasSuffix(".pam")
        && references.contains(stem(of: name) + ".ref.pam")
    }.sorted()
  }

  /// "jpeg-baseline.jpg" → "jpeg-baseline".
  static func stem(of name: String) -> String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[..<dot])
  }

  /// The reference decode of a good fixture, or of `reference` when given.
  static func reference(for name: String) throws -> PixelImage {
    try readPAM(good(stem(of: name) + ".ref.pam"))
  }

  struct BadReference: Error, CustomStringConvertible {
    var description: String
  }

  /// Reads a P7 PAM with TUPLTYPE RGB_ALPHA and MAXVAL 255, as scripts/make-fixtures writes.
  static func readPAM(_ path: String) throws -> PixelImage {
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let marker = Array("ENDHDR\n".utf8)
    guard
      let end = (0...(data.count - marker.count)).first(where: {
        Array(data[$0..<$0 + marker.count]) == marker
      })
    else { throw BadReference(description: "\(path): no ENDHDR") }
    var fields: [String: Int] = [:]
    for line in String(decoding: data[0..<end], as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
    }
    guard let width = fields["WIDTH"], let height = fields["HEIGHT"], fields["DEPTH"] == 4 else {
      throw BadReference(description: "\(path): not an RGBA PAM")
    }
    let pixels = Array(data[(end + marker.count)...])
    guard pixels.count == width * height * 4 else {
      throw BadReference(description: "\(path): \(pixels.count) bytes for \(width)×\(height)")
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// How many bytes differ by more than `tolerance`, and the largest difference.
  static func difference(_ a: PixelImage, _ b: PixelImage) -> (count: Int, largest: Int) {
    var count = 0
    var largest = 0
    for (x, y) in zip(a.pixels, b.pixels) {
      let d = abs(Int(x) - Int(y))
      if d > 0 { count += 1 }
      largest = max(largest, d)
    }
    return (count, largest)
  }
}
