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

  /// How far a decode may stray from its reference, per channel: HEIF references come from
  /// heif-dec's 16-bit output for deep images, reduced once more; every other format is exact.
  static func tolerance(for name: String) -> Int {
    name.hasSuffix(".heic") ? 1 : 0
  }

  /// The format a good fixture is in, from its extension (the fixtures are named truthfully,
  /// except `png-named-as.jpg`).
  static func format(of name: String) -> ImageFormat {
    switch name.split(separator: ".").last {
    case "jpg": .jpeg
    case "heic": .heif
    case "webp": .webp
    case "gif": .gif
    default: .png
    }
  }

  /// The crops kept as references of a good fixture too large to keep whole:
  /// `NAME.crop-X-Y.ref.pam` files, as (x, y, file name).
  static func crops(of name: String) -> [(x: Int, y: Int, reference: String)] {
    let prefix = stem(of: name) + ".crop-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: good(""))) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".ref.pam") }.sorted().compactMap {
      file in
      let numbers = file.dropFirst(prefix.count).dropLast(".ref.pam".count).split(separator: "-")
      guard numbers.count == 2, let x = Int(numbers[0]), let y = Int(numbers[1]) else {
        return nil
      }
      return (x, y, file)
    }
  }

  /// The `width` × `height` region of `image` at `x`, `y`.
  static func crop(_ image: PixelImage, x: Int, y: Int, width: Int, height: Int) -> PixelImage {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for row in y..<y + height {
      let start = (row * image.width + x) * 4
      pixels += image.pixels[start..<start + width * 4]
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// Every good fixture kept with reference crops instead of a whole reference.
  static func goodWithCrops() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: good(""))) ?? []
    return names.filter { !$0.hasSuffix(".pam") && !crops(of: $0).isEmpty }.sorted()
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
  static func difference(
    _ a: PixelImage, _ b: PixelImage, tolerance: Int = 0
  ) -> (count: Int, largest: Int) {
    var count = 0
    var largest = 0
    for (x, y) in zip(a.pixels, b.pixels) {
      let d = abs(Int(x) - Int(y))
      if d > tolerance { count += 1 }
      largest = max(largest, d)
    }
    return (count, largest)
  }
}
