import Foundation

/// Hostile files made in the test, never committed: sparse giants, an animated WebP of many
/// tiny frames, a movie whose sample table declares far more samples than it holds.
enum HostileFile {
  /// A 1×1 lossless WebP bitstream (the payload of a `VP8L` chunk).
  static let onePixelLossless: [UInt8] = [
    0x2F, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xFE, 0x07,
  ]

  /// An animated WebP with a 1×1 canvas and `frames` ANMF frames of 1×1 pixel, 40 ms each.
  static func animatedWebP(frames: Int) -> [UInt8] {
    var frame: [UInt8] = []
    frame += [0, 0, 0, 0, 0, 0]  // x / 2, y / 2
    frame += [0, 0, 0, 0, 0, 0]  // width - 1, height - 1
    frame += [40, 0, 0, 0]  // duration (ms), flags
    frame += chunk("VP8L", onePixelLossless)
    var body = Array("WEBP".utf8)
    body += chunk("VP8X", [0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0])  // animation; 1×1 canvas
    body += chunk("ANIM", [0, 0, 0, 0, 0, 0])  // background, loop forever
    let anmf = chunk("ANMF", frame)
    body.reserveCapacity(body.count + anmf.count * frames)
    for _ in 0..<frames { body += anmf }
    return Array("RIFF".utf8) + littleEndian32(body.count) + body
  }

  /// `movie` with every sample size table (`stsz`) rewritten to declare `samples` samples of
  /// one byte each: the table entries go, the count stays, so the file does not grow.
  static func movie(_ movie: [UInt8], declaringSamples samples: UInt32) -> [UInt8] {
    rewriting(movie, everyBox: "stsz", from: 8, with: bigEndian32(1) + bigEndian32(samples))
  }

  /// `movie` with its metadata key table (`keys`) declaring `keys` keys (the fuzzer's find:
  /// FFmpeg allocated and zeroed a pointer for each before reading one).
  static func movie(_ movie: [UInt8], declaringKeys keys: UInt32) -> [UInt8] {
    rewriting(movie, everyBox: "keys", from: 8, with: bigEndian32(keys))
  }

  /// `movie` with `bytes` written `offset` bytes from the start of the type of every box of
  /// `type`.
  private static func rewriting(
    _ movie: [UInt8], everyBox type: String, from offset: Int, with bytes: [UInt8]
  ) -> [UInt8] {
    var rewritten = movie
    var index = 4
    while index + offset + bytes.count <= rewritten.count {
      if rewritten[index..<index + 4].elementsEqual(type.utf8) {
        rewritten.replaceSubrange(index + offset..<index + offset + bytes.count, with: bytes)
      }
      index += 1
    }
    return rewritten
  }

  /// Writes `bytes` to `path` and extends the file with a hole to `size` bytes (no disk used).
  static func writeSparse(_ bytes: [UInt8], to path: String, size: Int) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    guard truncate(path, off_t(size)) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }

  static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    Array(type.utf8) + littleEndian32(payload.count) + payload
      + (payload.count % 2 == 1 ? [0] : [])
  }

  static func littleEndian32(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  static func bigEndian32(_ value: UInt32) -> [UInt8] {
    (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
