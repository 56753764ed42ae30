import Foundation

/// The MD5 message digest of RFC 1321, which names files in the freedesktop.org thumbnail cache.
///
/// MD5 is used here only as the Thumbnail Managing Standard's naming function (the digest of a
/// file's URI), never for security. It mirrors GLib's `g_compute_checksum_for_string
/// (G_CHECKSUM_MD5, …)`, which GNOME uses to name the same files.
public struct MD5: Sendable {
  private var state: (UInt32, UInt32, UInt32, UInt32) = (
    0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476
  )
  private var buffer: [UInt8] = []
  private var length: UInt64 = 0

  public init() {
    buffer.reserveCapacity(64)
  }

  /// The 16-byte digest of `bytes`.
  public static func digest(_ bytes: some Sequence<UInt8>) -> [UInt8] {
    var md5 = MD5()
    md5.update(bytes)
    return md5.finalize()
  }

  /// The digest of `string`'s UTF-8 bytes as 32 lowercase hexadecimal digits.
  public static func hexDigest(of string: String) -> String {
    digest(Array(string.utf8)).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }

  /// Appends `bytes` to the message.
  public mutating func update(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      buffer.append(byte)
      length &+= 1
      if buffer.count == 64 {
        compress(buffer)
        buffer.removeAll(keepingCapacity: true)
      }
    }
  }

  /// Pads the message (RFC 1321 §3.1–3.2) and returns the digest, low-order byte first.
  public mutating func finalize() -> [UInt8] {
    let bitLength = length &* 8
    var padding: [UInt8] = [0x80]
    let afterMarker = (buffer.count + 1) % 64
    padding += [UInt8](
      repeating: 0, count: afterMarker <= 56 ? 56 - afterMarker : 120 - afterMarker)
    for shift in stride(from: 0, to: 64, by: 8) {
      padding.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
    }
    let savedLength = length
    update(padding)
    length = savedLength
    var result: [UInt8] = []
    for word in [state.0, state.1, state.2, state.3] {
      for shift in stride(from: 0, to: 32, by: 8) {
        result.append(UInt8(truncatingIfNeeded: word >> UInt32(shift)))
      }
    }
    return result
  }

  /// The per-step left-rotation amounts of RFC 1321 §3.4.
  private static let shifts: [UInt32] = [
    7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
    5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
  ]

  /// The sine table T[i] = floor(2^32 × |sin(i + 1)|) of RFC 1321 §3.4.
  private static let sines: [UInt32] = (0..<64).map { index in
    UInt32(
      truncatingIfNeeded: Int64((4_294_967_296.0 * abs(sin(Double(index + 1)))).rounded(.down)))
  }

  /// Processes one 64-byte block (RFC 1321 §3.4).
  private mutating func compress(_ block: [UInt8]) {
    var words = [UInt32](repeating: 0, count: 16)
    for index in 0..<16 {
      let base = index * 4
      words[index] =
        UInt32(block[base]) | UInt32(block[base + 1]) << 8 | UInt32(block[base + 2]) << 16
        | UInt32(block[base + 3]) << 24
    }
    var (a, b, c, d) = state
    for step in 0..<64 {
      var f: UInt32
      let g: Int
      switch step {
      case 0..<16:
        f = (b & c) | (~b & d)
        g = step
      case 16..<32:
        f = (d & b) | (~d & c)
        g = (5 * step + 1) % 16
      case 32..<48:
        f = b ^ c ^ d
        g = (3 * step + 5) % 16
      default:
        f = c ^ (b | ~d)
        g = (7 * step) % 16
      }
      f = f &+ a &+ Self.sines[step] &+ words[g]
      a = d
      d = c
      c = b
      let shift = Self.shifts[step]
      b = b &+ ((f << shift) | (f >> (32 - shift)))
    }
    state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
  }
}
