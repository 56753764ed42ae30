import Foundation
import TestSupport

/// Tiny real images, made with Pillow, and a builder for folder-library test trees.
enum FolderFixtures {
  /// A 4×2 baseline JPEG with no EXIF (Pillow, quality 50).
  static let jpeg4x2: [UInt8] = decode(
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDHooorhPqD/9k="
  )

  /// A 3×5 RGB PNG (Pillow).
  static let png3x5: [UInt8] = decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAMAAAAFCAIAAAAPE8H1AAAAF0lEQVR4nGOUOyHHwMDAwMDAxAAD+FkAMewBDqvavSoAAAAASUVORK5CYII="
  )

  /// Starts like a JPEG, then nothing valid: a corrupt image.
  static let corruptJPEG: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A]

  private static func decode(_ base64: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: base64)!)
  }

  /// `jpeg4x2` with an EXIF APP1 segment (big-endian TIFF) right after SOI, holding
  /// `Orientation` and, when given, `DateTimeOriginal` (verified with Pillow and ImageMagick).
  static func jpeg(dateTimeOriginal: String? = nil, orientation: UInt16 = 1) -> [UInt8] {
    var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + be32(8)
    var entries: [[UInt8]] = [be16(0x0112) + be16(3) + be32(1) + be16(orientation) + be16(0)]
    if dateTimeOriginal != nil {
      let exifIFD = UInt32(8 + 2 + 12 * 2 + 4)
      entries.append(be16(0x8769) + be16(4) + be32(1) + be32(exifIFD))
    }
    tiff += be16(UInt16(entries.count)) + entries.flatMap { $0 } + be32(0)
    if let date = dateTimeOriginal {
      let text = Array(date.utf8) + [0]
      let valueOffset = UInt32(tiff.count + 2 + 12 + 4)
      tiff += be16(1) + be16(0x9003) + be16(2) + be32(UInt32(text.count)) + be32(valueOffset)
      tiff += be32(0) + text
    }
    let body = Array("Exif".utf8) + [0, 0] + tiff
    let segment: [UInt8] = [0xFF, 0xE1] + be16(UInt16(body.count + 2)) + body
    return Array(jpeg4x2[0..<2]) + segment + Array(jpeg4x2[2...])
  }

  private static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  private static func be32(_ value: UInt32) -> [UInt8] {
    [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }
}

/// A temporary library folder that tests fill with files, folders and links.
struct LibraryTree {
  let root: URL

  init(_ label: String = "library") throws {
    root = try TestPaths.makeTemporaryDirectory(label)
  }

  /// Writes `bytes` at `path` (relative), creating folders, and sets its mtime when given.
  @discardableResult
  func file(_ path: String, _ bytes: [UInt8] = FolderFixtures.jpeg4x2, mtime: Date? = nil) throws
    -> URL
  {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(bytes).write(to: url)
    if let mtime {
      try FileManager.default.setAttributes([.modificationDate: mtime], ofItemAtPath: url.path)
    }
    return url
  }

  func folder(_ path: String) throws {
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(path), withIntermediateDirectories: true)
  }

  /// Creates a symbolic link at `path` whose content is `destination`, verbatim.
  func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
  }

  func remove() { try? FileManager.default.removeItem(at: root) }
}

/// A fixed instant, `seconds` after 2020-01-01T00:00:00Z.
func instant(_ seconds: TimeInterval) -> Date {
  Date(timeIntervalSince1970: 1_577_836_800 + seconds)
}
