/// Names (file names, paths, bundle ids, album titles) made safe to print as text: a name
/// can hold any byte but `/` and NUL, and a terminal acts on escape sequences, so text output
/// shows the characters a terminal would act on, as Swift string literals write them:
///
/// - `\n`, `\r`, `\t` and `\0` for those controls;
/// - `\u{1B}` (hex code point) for every other C0 and C1 control character, DEL, and the
///   bidirectional formatting characters (U+200E, U+200F, U+202A–U+202E, U+2066–U+2069);
/// - `\\` for a backslash, so that the escaped text reads back to exactly one name.
///
/// Everything else (letters of any script, spaces, emoji) prints as it is. JSON output keeps
/// the exact string; this is for text only. The gallery draws every text through it too
/// (`CellBuffer.write`), so a name never reaches the terminal as a control sequence.
public enum TerminalSafe {
  /// `name` with the characters above escaped.
  public static func escape(_ name: String) -> String {
    guard name.unicodeScalars.contains(where: needsEscape) else { return name }
    var result = ""
    result.reserveCapacity(name.utf8.count + 8)
    for scalar in name.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\0": result += "\\0"
      case _ where needsEscape(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is shown escaped.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x5C: true
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension DefaultStringInterpolation {
  /// `"\(name: path)"`: `path` escaped for a terminal (see ``TerminalSafe``).
  public mutating func appendInterpolation(name: some StringProtocol) {
    appendLiteral(TerminalSafe.escape(String(name)))
  }
}
