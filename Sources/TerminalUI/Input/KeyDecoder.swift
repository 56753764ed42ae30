/// Decodes the bytes a terminal sends in raw mode into ``Key``s, across reads.
///
/// Understands CSI (`ESC [`) and SS3 (`ESC O`) cursor keys, `ESC [ n ~` editing keys,
/// UTF-8 characters and single control bytes. Sequences it does not know (mouse reports,
/// focus events, function keys) are consumed whole and dropped, so the stream never
/// desyncs. A sequence cut off at the end of a read is kept for the next one, except a lone
/// `ESC`: when it ends a read, nothing else is coming, so it is the Escape key.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  public init() {}

  /// The keys completed by `bytes`, one read's worth.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      switch Self.parse(pending, from: index) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        if index == pending.count - 1, pending[index] == 0x1B {
          keys.append(.escape)
          index += 1
        } else {
          pending.removeFirst(index)
          return keys
        }
      }
    }
    pending.removeAll()
    return keys
  }

  private enum Step {
    case key(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private static func parse(_ bytes: [UInt8], from start: Int) -> Step {
    let byte = bytes[start]
    switch byte {
    case 0x1B: return parseEscape(bytes, from: start)
    case 0x03: return .key(.interrupt, length: 1)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x20: return .key(.space, length: 1)
    case 0x00..<0x20: return .key(.control(byte), length: 1)
    case 0x21..<0x7F: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    default: return parseUTF8(bytes, from: start)
    }
  }

  private static func parseEscape(_ bytes: [UInt8], from start: Int) -> Step {
    guard start + 1 < bytes.count else { return .incomplete }
    switch bytes[start + 1] {
    case 0x5B: return parseCSI(bytes, from: start)
    case 0x4F:
      guard start + 2 < bytes.count else { return .incomplete }
      let keys: [UInt8: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
        0x4D: .enter,
      ]
      if let key = keys[bytes[start + 2]] { return .key(key, length: 3) }
      return .skip(length: 3)
    case 0x5F, 0x50, 0x5D:
      // APC, DCS, OSC: a terminal's late reply to a query (kitty's `ESC _ G … ESC \`),
      // skipped whole when its terminator (ST, or BEL for OSC) is in the same read.
      var index = start + 2
      while index < bytes.count {
        if bytes[index] == 0x07, bytes[start + 1] == 0x5D {
          return .skip(length: index - start + 1)
        }
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == 0x5C {
          return .skip(length: index - start + 2)
        }
        index += 1
      }
      return .key(.escape, length: 1)
    default:
      // ESC followed by something else (Alt+key, or Escape typed before another key):
      // Escape, then the next byte decodes on its own.
      return .key(.escape, length: 1)
    }
  }

  /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
  private static func parseCSI(_ bytes: [UInt8], from start: Int) -> Step {
    var index = start + 2
    while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    // Far longer than any key: garbage, not a sequence still arriving.
    if index - start > 64 { return .skip(length: 2) }
    guard index < bytes.count else { return .incomplete }
    let final = bytes[index]
    let parameters = bytes[(start + 2)..<index]
    let length = index - start + 1
    guard (0x40...0x7E).contains(final) else {
      // Not a valid sequence: drop the introducer and resynchronise on what follows.
      return .skip(length: 2)
    }
    if final == 0x4D, parameters.isEmpty {
      // X10 mouse report: ESC [ M and three raw bytes.
      return start + length + 3 <= bytes.count ? .skip(length: length + 3) : .incomplete
    }
    let first = parameters.split(separator: 0x3B).first.flatMap {
      Int(String(decoding: $0, as: UTF8.self))
    }
    switch final {
    case 0x41: return .key(.up, length: length)
    case 0x42: return .key(.down, length: length)
    case 0x43: return .key(.right, length: length)
    case 0x44: return .key(.left, length: length)
    case 0x48: return .key(.home, length: length)
    case 0x46: return .key(.end, length: length)
    case 0x7E:
      let keys: [Int: Key] = [
        1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
      ]
      if let first, let key = keys[first] { return .key(key, length: length) }
      return .skip(length: length)
    default:
      return .skip(length: length)
    }
  }

  private static func parseUTF8(_ bytes: [UInt8], from start: Int) -> Step {
    let lead = bytes[start]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .skip(length: 1)
    }
    var end = start + 1
    while end < bytes.count, end < start + length {
      guard (0x80...0xBF).contains(bytes[end]) else { return .skip(length: end - start) }
      end += 1
    }
    guard end == start + length else { return .incomplete }
    guard let text = String(validating: bytes[start..<end], as: UTF8.self),
      let character = text.first
    else { return .skip(length: length) }
    return .key(.character(character), length: length)
  }
}
