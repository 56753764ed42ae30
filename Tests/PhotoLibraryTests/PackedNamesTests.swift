import Foundation
import Testing

@testable import PhotoLibrary

/// A folder's names front-coded: read back whole and in order, each found at its place by its
/// bytes, none found that is not there.
@Suite struct PackedNamesTests {
  static func sorted(_ names: [String]) -> [String] {
    Array(Set(names.map { Array($0.utf8) })).map { String(decoding: $0, as: UTF8.self) }
      .sorted { FolderLibrary.idPrecedes($0, $1) }
  }

  static let lists: [(String, [String])] = [
    ("empty", []),
    ("one", ["IMG_0001.HEIC"]),
    ("a camera's", (1...40).map { "IMG_\(String(format: "%04d", $0)).HEIC" }),
    ("sixteen", (0..<16).map { "f\($0)" }),
    ("seventeen", (0..<17).map { "f\($0)" }),
    ("no shared bytes", ["a", "b", "c", "d"]),
    ("prefixes of each other", ["a", "aa", "aaa", "aaaa", "ab", "b"]),
    ("both spellings of é", ["cafe\u{301}.jpg", "caf\u{E9}.jpg", "café2.jpg", "Ä.png", "日本.jpg"]),
    ("255 bytes", [String(repeating: "x", count: 255), String(repeating: "x", count: 254) + "y"]),
    ("a thousand", (0..<1000).map { "Trip \($0 % 7)/IMG_\($0).jpg" }),
  ]

  @Test(arguments: lists)
  func namesReadBackAndAreFoundByTheirBytes(label: String, names: [String]) throws {
    let names = Self.sorted(names)
    let packed = try #require(PackedNames(names), "\(label)")
    #expect(packed.count == names.count)
    #expect(Array(packed).map { Array($0.utf8) } == names.map { Array($0.utf8) }, "\(label)")
    for (position, name) in names.enumerated() {
      #expect(packed.position(of: name) == position, "\(label): \(name)")
    }
    // Near misses: before the first, after the last, a prefix, a longer name, the other
    // spelling.
    let present = Set(names.map { Array($0.utf8) })
    var misses = ["", "\u{0}", "\u{10FFFF}", "IMG_0000.HEIC", "IMG_0041.HEIC", "f", "f99", "aab"]
    for name in names {
      misses += [String(name.dropLast()), name + "x", name.precomposedStringWithCanonicalMapping]
      misses.append(name.decomposedStringWithCanonicalMapping)
    }
    for miss in misses where !present.contains(Array(miss.utf8)) {
      #expect(packed.position(of: miss) == nil, "\(label): \(miss)")
    }
  }

  /// A name longer than a file name may be is not packed (the folder keeps a list).
  @Test func aNameOver255BytesIsNotPacked() {
    #expect(PackedNames(["a", String(repeating: "x", count: 256)]) == nil)
  }

  /// A camera's names take a few bytes each, where a `String` takes 16.
  @Test func aCamerasNamesTakeAFewBytesEach() throws {
    let names = (0..<10_000).map { "IMG_\(String(format: "%06d", $0 * 100)).jpg" }
    let packed = try #require(PackedNames(names))
    #expect(packed.byteCount < 10 * names.count)
  }
}
